"""A whole game: phases, deck and hand, battles, Player Actions, the end (R9-R13).

`Game` is a state machine fed `Action`s that never draws at random (a card off the deck
is a `deal` need), so a game is its setup plus its action list: undo is replay minus the tail.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from throne_pnp.content import Card
from throne_pnp.errors import HandConflict, IllegalAction
from throne_pnp.rules import actions as act
from throne_pnp.rules import battle as battle_rules
from throne_pnp.rules import events as ev
from throne_pnp.rules import king as king_rules
from throne_pnp.rules import needs
from throne_pnp.rules.actions import Action
from throne_pnp.rules.battle import Battle
from throne_pnp.rules.board import Board
from throne_pnp.rules.cards import DEAL_WHERE, CardRecord
from throne_pnp.rules.needs import (
    KING_CARD,
    PLAYER_CARD,
    S_ACTIONS,
    S_CARD,
    S_DRAWS,
    S_KING_BATTLES,
    S_OVER,
    S_PLAYER_BATTLES,
    Event,
    Need,
)
from throne_pnp.rules.player_actions import MOVE_COST, RALLY_COST, PlayerActions
from throne_pnp.rules.position import KING, PLAYER, Position, defender_words, position_outcome

# Names other modules import from here.
__all__ = ["KING_CARD", "MOVE_COST", "PLAYER_CARD", "RALLY_COST", "S_ACTIONS", "S_CARD",
           "S_DRAWS", "S_KING_BATTLES", "S_OVER", "S_PLAYER_BATTLES", "Event", "Game", "Need",
           "replay"]


class Game(CardRecord, PlayerActions):
    """The state of one game; mutate only through `apply`."""

    def __init__(self, board: Board, cards_in_game: Iterable[int], physical: bool = False,
                 position: Position | None = None):
        self.board = board
        self.physical = physical
        self.in_game = frozenset(cards_in_game)
        unknown = self.in_game - set(board.cards)
        if unknown:
            raise IllegalAction(f"no card {sorted(unknown)[0]} in this edition")
        self.position = (position or Position.setup(board)).copy()
        self.hand: list[int] = []
        self.hand_hidden = 0
        self.hand_sure: set[int] = set()
        self.unseen: set[int] = set(self.in_game)
        self.deck_count = len(self.in_game)
        self.discard: list[int] = []
        self.table: list[int] = []
        self.hand_to_draw = 0
        self.phase = PLAYER_CARD
        self.stage = S_CARD
        self.turn = 1
        self.phase_card: int | None = None
        self.command_points = 0
        self.pending_battles: list[int] = []
        self.battle_card: int | None = None
        self.battle: Battle | None = None
        self.uncertain_todo: list[str] = []
        self.taken: list[str] = []
        self.draws: list[int] = []
        self.outcome: str | None = None
        self.ended_in: str | None = None  # the stage the game ended in (R12), for `fix`
        self.reshuffles = 0
        self.history: list[Action] = []
        self.events: list[Event] = []
        self._start_hand()
        self._advance()

    def copy(self) -> Game:
        """An independent copy of the state to try actions on (the search): its own
        containers, sharing the board; without history or events (not a save)."""
        twin = copy.copy(self)
        twin.position = self.position.copy()
        twin.hand, twin.discard, twin.table = list(self.hand), list(self.discard), list(self.table)
        twin.hand_sure, twin.unseen = set(self.hand_sure), set(self.unseen)
        twin.pending_battles = list(self.pending_battles)
        twin.uncertain_todo, twin.taken = list(self.uncertain_todo), list(self.taken)
        twin.draws = list(self.draws)
        if self.battle is not None:
            twin.battle = copy.copy(self.battle)
            twin.battle.position = self.battle.position.copy()
        twin.history, twin.events = [], []
        return twin

    @property
    def step(self) -> str:
        """SPEC §4 step: card | draws | battle | withdraw | actions | over."""
        if self.outcome is not None:
            return "over"
        if self.stage in (S_KING_BATTLES, S_PLAYER_BATTLES):
            return "withdraw" if self.battle is not None else "battle"
        return self.stage

    @property
    def defender(self) -> str:
        return PLAYER if self.stage == S_KING_BATTLES else KING

    @property
    def rising(self) -> bool:
        return self.board.cards[self.phase_card].rising if self.phase_card else True

    def need(self) -> Need:
        """What the game waits for next."""
        if self.outcome is not None:
            return needs.NEED_OVER
        if self.hand_to_draw:
            return needs.NEED_HAND
        stage = self.stage
        if stage == S_CARD:
            return needs.NEED_PHASE if self.phase == KING_CARD else needs.NEED_CARD
        if stage == S_DRAWS:
            return needs.NEED_UNCERTAIN
        if stage == S_KING_BATTLES or stage == S_PLAYER_BATTLES:
            t = self.pending_battles[0]
            if self.battle is not None:
                return Need("withdraw", territory=t, options=tuple(self.battle.loser_options))
            if self.battle_card is not None:
                return needs.battle_need(needs.BATTLE_DEALS, t)
            return needs.battle_need(needs.BATTLE_CARDS, t)
        return needs.NEED_ACTIONS

    def legal_actions(self) -> list[Action]:
        """Every action `apply` would accept now (chance outcomes included)."""
        need = self.need()
        if need.kind == "deal":
            return [act.deal(c) for c in self.deal_candidates()]
        if need.kind in ("card", "battle"):
            play = act.card if need.kind == "card" else act.battle
            return [play(c) for c in self.hand_candidates()]
        if need.kind == "withdraw":
            return [act.withdraw(t) for t in need.options]
        if need.kind == "actions":
            return [act.DONE, *self.legal_moves(), *self.legal_rallies()]
        return []

    def snapshot(self) -> dict[str, Any]:
        """Everything that defines the state, for equality checks and status."""
        return {
            "phase": self.phase, "stage": self.stage, "turn": self.turn,
            "phase_card": self.phase_card, "command_points": self.command_points,
            "position": self.position.to_json(), "pending_battles": list(self.pending_battles),
            "battle_card": self.battle_card,
            "battle": self.battle.to_json() if self.battle else None,
            "hand": sorted(self.hand), "hand_hidden": self.hand_hidden,
            "hand_sure": sorted(self.hand_sure),
            "unseen": sorted(self.unseen), "deck_count": self.deck_count,
            "discard": list(self.discard), "table": list(self.table),
            "hand_to_draw": self.hand_to_draw, "outcome": self.outcome,
            "ended_in": self.ended_in,
            "draws": list(self.draws), "taken": list(self.taken),
            "uncertain_todo": list(self.uncertain_todo), "reshuffles": self.reshuffles,
        }

    def apply(self, action: Action) -> list[Event]:
        """Apply one action or raise IllegalAction (the state is then unchanged)."""
        self.events = []
        handler = _HANDLERS.get(action.kind)
        if handler is None:
            raise IllegalAction(f"unknown action {action.kind!r}")
        if self.outcome is not None and action.kind != "fix":
            raise IllegalAction(f"the game is over: you have {self.outcome}")
        handler(self, *action.args)
        self.history.append(action)
        self._advance()
        return self.events

    def _expect(self, kind: str, what: str) -> Need:
        need = self.need()
        if need.kind != kind:
            raise IllegalAction(f"cannot {what} now: {self.describe_need(need)}")
        return need

    def describe_need(self, need: Need | None = None) -> str:
        """The next thing the game needs, in words."""
        need = need or self.need()
        if need.kind == "deal":
            return {
                "hand": "a card must be drawn into your hand",
                "phase": "the King's phase card must be drawn from the deck",
                "uncertain": "Uncertain Orders: a card must be dealt from the deck",
                "battle": f"the King's battle card for {need.territory} must be drawn",
            }[need.purpose]
        if need.kind == "card":
            return "play a card from your hand as the phase card"
        if need.kind == "battle":
            side = defender_words(self.defender)
            return f"battle in {need.territory} ({side}): play a battle card from your hand"
        if need.kind == "withdraw":
            listed = ", ".join(map(str, need.options))
            return f"you lost the battle in {need.territory}: withdraw to one of {listed}"
        if need.kind == "actions":
            return f"Player Actions: {self.command_points} command point(s) left"
        return f"the game is over: you have {self.outcome}"

    def _do_deal(self, card_id: int) -> None:
        need = self._expect("deal", "deal a card")
        purpose = need.purpose
        if card_id not in self.unseen:  # the deal candidates
            refusal = HandConflict if card_id in self.hand else IllegalAction
            raise refusal(self._card_problem(card_id, DEAL_WHERE[purpose]))
        self.unseen.discard(card_id)
        self.deck_count -= 1
        if purpose == "phase":
            self.events.append(ev.PhaseCard(card_id, False))
        self._after_deck_change(card_id, purpose)
        if purpose == "hand":
            self.hand.append(card_id)
            self.hand_to_draw -= 1
            if not self.hand_to_draw:
                self.events.append(ev.NewHand(tuple(sorted(self.hand))))
        elif purpose == "phase":
            self._start_phase_card(card_id)
        elif purpose == "uncertain":
            self.discard.append(card_id)
            self.draws.append(card_id)
            self.events.append(ev.UncertainDraw(card_id))
            self._continue_king_action((self.board.cards[card_id],))
        else:  # battle
            self.table.append(card_id)
            self._fight(card_id)

    def _do_card(self, card_id: int) -> None:
        need = self.need()
        if need.kind == "deal" and need.purpose == "phase":
            # The player names the King's phase card drawn at the table.
            self._do_deal(card_id)
            return
        self._expect("card", "play a phase card")
        self._play_from_hand(card_id, "be played from your hand")
        self.events.append(ev.PhaseCard(card_id, True))
        self._start_phase_card(card_id)

    def _start_phase_card(self, card_id: int) -> None:
        if card_id not in self.table:
            self.table.append(card_id)
        self.phase_card = card_id
        card = self.board.cards[card_id]
        self.command_points = card.flags
        self.taken = []
        self.draws = []
        self.uncertain_todo = list(card.king)
        self.stage = S_DRAWS
        self._continue_king_action(())

    def _continue_king_action(self, dealt: tuple[Card, ...]) -> None:
        """Take the King's actions up to Uncertain Orders, given the card `dealt` for them;
        wait for a card while a suitable one may come, else resolve (R5, R6)."""
        taken, self.uncertain_todo, _ = king_rules.take_orders(self.uncertain_todo, dealt)
        self.taken += taken
        if self.uncertain_todo and king_rules.suitable_may_come(
                self.board.cards, self.unseen, self.discard, self.deck_count, self.draws):
            return  # wait for a dealt card
        card = self.board.cards[self.phase_card]  # type: ignore[index]
        result = king_rules.carry_out(self.board, self.position, self.taken, card.priority,
                                      self.draws, exhausted=bool(self.uncertain_todo))
        self.uncertain_todo = []
        self.position = result.position
        self.events.append(ev.KingActed(result))
        self._start_battles(S_KING_BATTLES)

    def _start_battles(self, stage: str) -> None:
        self.stage = stage
        self.pending_battles = self.position.contested(self.board.order(self.rising))
        self.battle = None
        self.battle_card = None

    def _do_battle(self, card_id: int) -> None:
        need = self._expect("battle", "play a battle card")
        self._play_from_hand(card_id, "be played from your hand")
        self.battle_card = card_id
        self.events.append(ev.BattleCard(card_id, need.territory))  # type: ignore[arg-type]

    def _fight(self, king_card_id: int) -> None:
        board = self.board
        king_card = board.cards[king_card_id]
        result = battle_rules.fight(board, self.position, self.pending_battles[0],
                                    self.defender, board.cards[self.battle_card],  # type: ignore[index]
                                    king_card)
        if result.needs_choice:
            self.battle = result
            self.events.append(ev.BattleFought(result))
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
        self.events.append(ev.BattleFought(battle))
        for c in (battle.player_card, battle.king_card):
            if c in self.table:
                self.table.remove(c)
            self.discard.append(c)
        self.battle_card = None
        self.pending_battles.pop(0)

    def _advance(self) -> None:
        """Do everything automatic until a decision or a chance card is needed."""
        self._flow()
        if not self.deck_count and self.need().kind == "deal":
            self._after_deck_change()  # an empty discard earlier: reshuffle before this draw

    def _flow(self) -> None:
        while self.outcome is None:
            if self.hand_to_draw or self.stage in (S_CARD, S_DRAWS, S_ACTIONS):
                return
            # battle stages
            if self.battle is not None or self.battle_card is not None:
                return
            while self.pending_battles and not (
                    self.position.king[self.pending_battles[0]]
                    and self.position.player[self.pending_battles[0]]):
                self.pending_battles.pop(0)
            if self.pending_battles or self._check_end():
                return
            if self.stage == S_KING_BATTLES:
                self.stage = S_ACTIONS
                self.events.append(ev.ActionsStart(self.command_points))
                return
            self._end_phase()

    def _check_end(self) -> bool:
        """R12: won holding every castle; lost when home is gone."""
        self.outcome = position_outcome(self.board, self.position)
        if self.outcome is not None:
            self.ended_in = self.stage
            self.stage = S_OVER
            self.events.append(ev.GameOver(self.outcome))
            return True
        return False

    def _end_phase(self) -> None:
        card = self.phase_card
        if card in self.table:
            self.table.remove(card)
            self.discard.append(card)
        self.events.append(ev.PhaseEnd(card))
        self.phase_card = None
        self.command_points = 0
        self.stage = S_CARD
        if self.phase == PLAYER_CARD:
            self.phase = KING_CARD
        else:
            self.phase = PLAYER_CARD
            self.turn += 1
        self.events.append(ev.NewPhase(self.phase, self.turn))


# `Game.apply`'s handler for each action kind.
_HANDLERS = {kind: getattr(Game, "_do_" + kind) for kind in act.SHAPES}


def replay(board: Board, cards_in_game: Iterable[int], history: Iterable[Action],
           physical: bool = False, position: Position | None = None) -> Game:
    """Rebuild a game from its setup and action list."""
    game = Game(board, cards_in_game, physical, position)
    for action in history:
        game.apply(action)
    return game
