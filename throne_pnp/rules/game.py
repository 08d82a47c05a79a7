"""A whole game: phases, deck and hand, battles, Player Actions, the end (R10-R12).

`Game` is a state machine fed `Action`s (see `actions`). It never draws at
random: whenever a card must come off the deck it asks for a chance outcome
(`need().kind == "deal"`), and the caller answers with `deal N`: the player at
the table (physical mode) or a seeded `random.Random` (virtual mode, the
simulator). So a game is its setup plus its action list, and replaying that
list rebuilds it exactly; undo is replay minus the tail.

Knowledge of the cards: in virtual mode the program knows the hand; in
physical mode the hand is hidden until cards are played, so the game tracks
`unseen` (cards in the deck or the hidden hand) and counts, which is enough to
refuse impossible cards and to say when to reshuffle. `hand` (the known cards
of the hand; all of it in virtual mode) and `hand_hidden` (how many are not
known) describe the hand; a physical player may tell it (`hand` action), and
then a card played from elsewhere, or a King's card in the hand, is refused.
`fixcards` corrects the hand and discard pile; `card_zones()` says where
every card is, `known_hand()` the hand when all of it is known.

Each `apply` returns the events it caused, for the assistant to explain.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from throne_pnp.errors import IllegalAction
from throne_pnp.rules import actions as act
from throne_pnp.rules.actions import Action
from throne_pnp.rules.battle import Battle, clash, fight, king_withdrawal_target, withdraw
from throne_pnp.rules.board import Board
from throne_pnp.rules.king import move as king_move
from throne_pnp.rules.king import rally as king_rally
from throne_pnp.rules.king import resolve_king
from throne_pnp.rules.position import (
    KING,
    PLAYER,
    Position,
    Step,
    check_position,
    enforce_limits,
    limit_words,
    outcome_words,
    player_limit,
    position_outcome,
)

PLAYER_CARD = "player-card"
KING_CARD = "king-card"

# Stages of a phase (finer than the SPEC's `step`, which `step` derives).
S_CARD = "card"            # the phase card is needed
S_DRAWS = "draws"          # Uncertain Orders draws are needed
S_KING_BATTLES = "king-battles"
S_ACTIONS = "actions"
S_PLAYER_BATTLES = "player-battles"
S_OVER = "over"

RALLY_COST = 2
MOVE_COST = 1


@dataclass(frozen=True)
class Need:
    """What the game waits for next.

    kind: `deal` (a chance card; `purpose` says which: hand, phase, uncertain,
    battle), `card`, `battle`, `withdraw`, `actions`, or `over`.
    """

    kind: str
    purpose: str = ""
    territory: int | None = None
    options: tuple[int, ...] = ()


# The needs without a territory, made once (`Need` is immutable).
NEED_OVER = Need("over")
NEED_HAND = Need("deal", "hand")
NEED_PHASE = Need("deal", "phase")
NEED_CARD = Need("card")
NEED_UNCERTAIN = Need("deal", "uncertain")
NEED_ACTIONS = Need("actions")
# What a dealt card cannot be when it is not in the deck, by the deal's purpose.
DEAL_WHERE = {"hand": "be drawn into your hand", "phase": "be the King's card",
              "uncertain": "be dealt for Uncertain Orders", "battle": "be the King's card"}
# Needs with a territory, made once per territory on first use (see `_battle_need`).
BATTLE_DEALS: dict[int, Need] = {}
BATTLE_CARDS: dict[int, Need] = {}


def _battle_need(made: dict[int, Need], t: int) -> Need:
    """The battle need for territory t (`BATTLE_DEALS`: the King's card must be
    dealt; `BATTLE_CARDS`: the player's card must be played), made once."""
    need = made.get(t)
    if need is None:
        need = made[t] = (Need("deal", "battle", territory=t) if made is BATTLE_DEALS
                          else Need("battle", territory=t))
    return need


@dataclass
class Event:
    """Something that happened while applying an action, for explanations."""

    kind: str
    data: Any = None
    info: dict[str, Any] = field(default_factory=dict)


class Game:
    """The state of one game; mutate only through `apply`."""

    def __init__(self, board: Board, cards_in_game: Iterable[int], physical: bool = False,
                 position: Position | None = None, explain: bool = True):
        self.board = board
        self.physical = physical
        # False: the simulator's fast path. The same game, but the King's action
        # and battles carry no steps, notes or reasons (`KingResult`, `Battle.why`).
        self.explain = explain
        self.in_game = frozenset(cards_in_game)
        unknown = self.in_game - set(board.cards)
        if unknown:
            raise IllegalAction(f"no card {sorted(unknown)[0]} in this edition")
        self.position = (position or Position.setup(board)).copy()
        self.hand: list[int] = []
        self.hand_hidden = 0
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
        self.reshuffles = 0
        self.history: list[Action] = []
        self.events: list[Event] = []
        self._start_hand()
        self._advance()

    # ------------------------------------------------------------------ views

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

    @property
    def hand_count(self) -> int:
        return len(self.hand) + self.hand_hidden

    def deal_candidates(self) -> list[int]:
        """Cards that could be on top of the deck now, ascending."""
        return sorted(self.unseen)

    def hand_candidates(self) -> list[int]:
        """Cards that could be played from the hand now, ascending."""
        if self.hand_hidden:
            return sorted(set(self.hand) | self.unseen)
        return sorted(self.hand)

    def need(self) -> Need:
        """What the game waits for next."""
        if self.outcome is not None:
            return NEED_OVER
        if self.hand_to_draw:
            return NEED_HAND
        stage = self.stage
        if stage == S_CARD:
            return NEED_PHASE if self.phase == KING_CARD else NEED_CARD
        if stage == S_DRAWS:
            return NEED_UNCERTAIN
        if stage == S_KING_BATTLES or stage == S_PLAYER_BATTLES:
            t = self.pending_battles[0]
            if self.battle is not None:
                return Need("withdraw", territory=t, options=tuple(self.battle.loser_options))
            if self.battle_card is not None:
                return _battle_need(BATTLE_DEALS, t)
            return _battle_need(BATTLE_CARDS, t)
        return NEED_ACTIONS

    def legal_actions(self) -> list[Action]:
        """Every action `apply` would accept now (chance outcomes included)."""
        need = self.need()
        if need.kind == "deal":
            return [act.deal(c) for c in self.deal_candidates()]
        if need.kind == "card":
            return [act.card(c) for c in self.hand_candidates()]
        if need.kind == "battle":
            return [act.battle(c) for c in self.hand_candidates()]
        if need.kind == "withdraw":
            return [act.withdraw(t) for t in need.options]
        if need.kind == "actions":
            return [act.DONE, *self.legal_moves(), *self.legal_rallies()]
        return []

    def legal_moves(self) -> list[Action]:
        out = []
        if self.command_points < MOVE_COST:
            return out
        pos = self.position
        for src in self.board.numbers:
            for dst in self.board.adjacent[src]:
                for count in range(1, pos.player[src] + 1):
                    if self._move_problem(count, src, dst) is None:
                        out.append(act.move(count, src, dst))
        return out

    def legal_rallies(self) -> list[Action]:
        if self.command_points < RALLY_COST:
            return []
        return [act.rally(t) for t in sorted(self.board.castles)
                if self._rally_problem(t) is None]

    def snapshot(self) -> dict[str, Any]:
        """Everything that defines the state, for equality checks and status."""
        return {
            "phase": self.phase, "stage": self.stage, "turn": self.turn,
            "phase_card": self.phase_card, "command_points": self.command_points,
            "position": self.position.to_json(), "pending_battles": list(self.pending_battles),
            "battle_card": self.battle_card,
            "battle": self.battle.to_json() if self.battle else None,
            "hand": sorted(self.hand), "hand_hidden": self.hand_hidden,
            "unseen": sorted(self.unseen), "deck_count": self.deck_count,
            "discard": list(self.discard), "table": list(self.table),
            "hand_to_draw": self.hand_to_draw, "outcome": self.outcome,
            "draws": list(self.draws), "taken": list(self.taken),
            "uncertain_todo": list(self.uncertain_todo), "reshuffles": self.reshuffles,
        }

    # ------------------------------------------------------------------ apply

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
            side = "you defend" if self.defender == PLAYER else "the King defends"
            return f"battle in {need.territory} ({side}): play a battle card from your hand"
        if need.kind == "withdraw":
            listed = ", ".join(map(str, need.options))
            return f"you lost the battle in {need.territory}: withdraw to one of {listed}"
        if need.kind == "actions":
            return f"Player Actions: {self.command_points} command point(s) left"
        return f"the game is over: you have {self.outcome}"

    # -- chance

    def _do_deal(self, card_id: int) -> None:
        need = self._expect("deal", "deal a card")
        purpose = need.purpose
        if card_id not in self.unseen:  # the deal candidates
            raise IllegalAction(self._card_problem(card_id, DEAL_WHERE[purpose]))
        self._take_from_deck(card_id)
        if purpose == "phase" and self.explain:
            self.events.append(Event("phase-card", card_id, {"from": "deck"}))
        # R10: the moment the deck is empty the discard pile becomes the new
        # deck, before the card just drawn goes anywhere: a dealt Uncertain
        # Orders card and the battle cards start the new discard pile.
        self._after_deck_change(card_id, purpose)
        if purpose == "hand":
            self.hand.append(card_id)
            self.hand_to_draw -= 1
            if not self.hand_to_draw:
                if self.explain:
                    self.events.append(Event("hand", sorted(self.hand)))
        elif purpose == "phase":
            self._start_phase_card(card_id)
        elif purpose == "uncertain":
            self.discard.append(card_id)
            self.draws.append(card_id)
            if self.explain:
                self.events.append(Event("uncertain-draw", card_id))
            card = self.board.cards[card_id]
            if not card.uncertain:
                self.taken.extend(card.king)
                self.uncertain_todo.pop(0)
            self._continue_king_action()
        else:  # battle
            self.table.append(card_id)
            self._fight(card_id)

    def _card_problem(self, card_id: int, where: str) -> str:
        if card_id not in self.board.cards:
            return f"there is no card {card_id} in this edition"
        if card_id not in self.in_game:
            return f"card {card_id} is not in this game (set aside)"
        if card_id in self.discard:
            return f"card {card_id} is in the discard pile, so it cannot {where}"
        if card_id in self.table:
            return f"card {card_id} is on the table, so it cannot {where}"
        if card_id in self.hand:
            return f"{card_id} is in your hand, so it cannot {where}"
        if card_id in self.unseen and (not self.physical or not self.hand_hidden):
            # (in the deck, in virtual mode: do not say so)
            return f"card {card_id} is not in your hand"
        return f"card {card_id} cannot {where} now"

    def _take_from_deck(self, card_id: int) -> None:
        self.unseen.discard(card_id)
        self.deck_count -= 1

    def _after_deck_change(self, drawn: int | None = None, purpose: str = "") -> None:
        """When the deck runs out, the discard pile becomes the new deck at once (R10).

        Called right after every draw, before the drawn card goes anywhere, and
        before a draw from an empty deck (the reshuffle put off because the
        discard pile was empty). The `reshuffle` event's data is the number of
        cards shuffled; its info names them (`cards`), the card whose draw
        emptied the deck (`drawn`, None for a hidden hand card or a put-off
        reshuffle) and what that draw was for (`purpose`: hand, phase,
        uncertain, battle; empty for a put-off reshuffle).
        """
        if self.deck_count:
            return
        if self.hand_hidden:
            # Every card not yet seen is now known to be in the hand.
            self.hand.extend(sorted(self.unseen))
            self.hand_hidden = 0
            self.unseen = set()
        if self.discard:
            self.unseen = set(self.discard)
            self.deck_count = len(self.discard)
            if self.explain:
                self.events.append(Event("reshuffle", len(self.discard),
                                         {"cards": list(self.discard), "drawn": drawn,
                                          "purpose": purpose}))
            self.discard = []
            self.reshuffles += 1

    def _start_hand(self) -> None:
        """Draw a new hand when it is empty (R10)."""
        if self.hand or self.hand_hidden:
            return
        if self.physical:
            drawn = 0
            for _ in range(self.board.hand_size):
                if not self.deck_count:
                    self._after_deck_change()
                    if not self.deck_count:
                        break
                self.deck_count -= 1
                self.hand_hidden += 1
                drawn += 1
                self._after_deck_change(None, "hand")
            if self.explain:
                self.events.append(Event("hand", None, {"count": drawn}))
        else:
            self.hand_to_draw = self.board.hand_size

    # -- the phase card and the King's action

    def _do_card(self, card_id: int) -> None:
        need = self.need()
        if need.kind == "deal" and need.purpose == "phase":
            # The player names the King's phase card drawn at the table.
            self._do_deal(card_id)
            return
        self._expect("card", "play a phase card")
        self._play_from_hand(card_id, "be played from your hand")
        if self.explain:
            self.events.append(Event("phase-card", card_id, {"from": "hand"}))
        self._start_phase_card(card_id)

    def _play_from_hand(self, card_id: int, where: str) -> None:
        if card_id in self.hand:
            self.hand.remove(card_id)
        elif self.hand_hidden and card_id in self.unseen:
            self.unseen.discard(card_id)
            self.hand_hidden -= 1
        else:
            raise IllegalAction(self._card_problem(card_id, where)
                                + f"; your hand: {self._hand_words()}")
        self.table.append(card_id)
        self._start_hand()
        if self.physical and self.hand_hidden == 0 and not self.hand and self.deck_count == 0:
            self._after_deck_change()

    def _hand_words(self) -> str:
        known = ", ".join(map(str, sorted(self.hand)))
        if self.hand_hidden:
            return (known + " and " if known else "") + f"{self.hand_hidden} unknown card(s)"
        return known or "empty"

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
        self._continue_king_action()

    def _continue_king_action(self) -> None:
        """Take actions until an Uncertain Orders draw is needed, then resolve (R5, R6)."""
        while self.uncertain_todo and self.uncertain_todo[0] != "uncertain":
            self.taken.append(self.uncertain_todo.pop(0))
        if self.uncertain_todo and self._uncertain_can_resolve():
            return  # wait for a dealt card
        exhausted = bool(self.uncertain_todo)
        self.uncertain_todo = []
        self._resolve_king(exhausted)

    def _uncertain_can_resolve(self) -> bool:
        """Must another card be dealt for Uncertain Orders (R5)?

        Yes while a card without Uncertain Orders can still come (from the deck
        or, after a reshuffle, the discard pile), and also while the deck holds
        cards not yet dealt for this action; no once every card left is one
        already dealt here and none can resolve the order ("all dealt").
        """
        cards = self.board.cards
        pool = self.unseen | set(self.discard)
        if any(not cards[c].uncertain for c in pool):
            return True
        dealt_in_deck = sum(1 for d in self.draws if d in self.unseen)
        return self.deck_count > dealt_in_deck

    def _resolve_king(self, exhausted: bool) -> None:
        card = self.board.cards[self.phase_card]  # type: ignore[index]
        if not self.explain:
            # The simulator: `resolve_king`'s rally and movement on a copy, no record.
            # (`taken` holds no Uncertain Orders: their replacements are already in.)
            work = self.position.copy()
            rising = card.priority == "rising"
            for action in self.taken:
                if action == "rally":
                    king_rally(self.board, work, rising, False)
                else:
                    king_move(self.board, work, action, rising, False)
            self.position = work
            self._start_battles(S_KING_BATTLES)
            return
        result = resolve_king(self.board, self.position, self.taken, card.priority,
                              lambda: None, self.explain)
        result.draws = list(self.draws)
        result.exhausted = exhausted
        if exhausted and self.explain:
            result.notes.append("Uncertain Orders: no card without Uncertain Orders can come; "
                                "the King does nothing more")
        self.position = result.position
        if self.explain:
            self.events.append(Event("king", result))
        self._start_battles(S_KING_BATTLES)

    # -- battles

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

    # -- player actions

    def _do_move(self, count: int, src: int, dst: int) -> None:
        self._expect("actions", "move")
        problem = self._move_problem(count, src, dst)
        if problem:
            raise IllegalAction(problem)
        self.command_points -= MOVE_COST
        if not self.explain:  # the simulator: the same change, no Step to explain it
            player = self.position.player
            player[src] -= count
            player[dst] += count
            if self.board.rulings.over_limit_move == "trim":
                enforce_limits(self.board, self.position, contested_to=KING)
            # (else `_move_problem` refused any move that would leave cubes over
            # a limit, so there is nothing to remove)
            return
        step = Step("move", count, "your move", PLAYER, src=src, dst=dst)
        step.apply(self.position)
        removed = enforce_limits(self.board, self.position, contested_to=KING)
        self.events.append(Event("move", step, {"removed": removed}))

    def _move_problem(self, count: int, src: int, dst: int) -> str | None:
        board, pos = self.board, self.position
        if src not in board.adjacent or dst not in board.adjacent:
            bad = src if src not in board.adjacent else dst
            return f"no territory {bad} on this map"
        if self.command_points < MOVE_COST:
            return "no command points left for a move (it costs 1); finish with done"
        if dst not in board.adjacent[src]:
            return (f"{dst} is not next to {src}; from {src} you can move to "
                    f"{', '.join(map(str, board.adjacent[src]))}")
        if count < 1:
            return "move at least 1 cube"
        have = pos.player[src]
        if have < count:
            return f"you have {have} cube(s) in {src}, not {count}"
        if board.rulings.over_limit_move == "trim":
            return None
        over = self._over_limit_after(count, src, dst)
        if over is None:
            return None
        legal = [c for c in range(count - 1, 0, -1) if self._over_limit_after(c, src, dst) is None]
        hint = f"legal: move {legal[0]} {src} {dst}" if legal else \
            f"no move from {src} to {dst} keeps you within your limit"
        return f"cannot move {count} from {src} to {dst}: {over}; {hint}"

    def _over_limit_after(self, count: int, src: int, dst: int) -> str | None:
        pos = self.position
        player = pos.player
        player[src] -= count
        player[dst] += count
        try:  # checked in place (then undone): the usual answer is "no problem"
            if max(player.values()) <= player_limit(self.board, pos, contested_to=KING):
                return None
            return self._limit_problem(pos)
        finally:
            player[src] += count
            player[dst] -= count

    def _limit_problem(self, trial: Position) -> str | None:
        limit = player_limit(self.board, trial, contested_to=KING)
        for t in self.board.numbers:
            if trial.player[t] > limit:
                return (f"{trial.player[t]} cubes in {t} would exceed your limit of "
                        f"{limit_words(self.board, trial, contested_to=KING)}")
        return None

    def _do_rally(self, at: int) -> None:
        self._expect("actions", "rally")
        problem = self._rally_problem(at)
        if problem:
            raise IllegalAction(problem)
        self.command_points -= RALLY_COST
        if not self.explain:  # the simulator: the same change, no Step to explain it
            self.position.player[at] += 1
            if self.board.rulings.over_limit_move == "trim":
                enforce_limits(self.board, self.position, contested_to=KING)
            return
        step = Step("rally", 1, "your rally", PLAYER, at=at)
        step.apply(self.position)
        removed = enforce_limits(self.board, self.position, contested_to=KING)
        self.events.append(Event("rally", step, {"removed": removed}))

    def _rally_problem(self, at: int) -> str | None:
        board, pos = self.board, self.position
        if at not in board.adjacent:
            return f"no territory {at} on this map"
        if self.command_points < RALLY_COST:
            return (f"a rally costs 2 command points; you have {self.command_points}")
        if at not in board.castles:
            return f"{at} has no castle; rally at a castle you hold ({self._held_words()})"
        if not pos.player[at] or pos.king[at]:
            return f"you do not hold the castle in {at} alone; {self._held_words()}"
        if pos.on_map(PLAYER) >= board.forces:
            return f"all {board.forces} of your cubes are on the map"
        if board.rulings.over_limit_move == "trim":
            return None
        trial = pos.copy()
        trial.player[at] += 1
        over = self._limit_problem(trial)
        return f"cannot rally in {at}: {over}" if over else None

    def _held_words(self) -> str:
        """The castles the player holds alone, in words (for refusals)."""
        board, pos = self.board, self.position
        held = [t for t in sorted(board.castles) if pos.player[t] and not pos.king[t]]
        return f"castles you hold: {', '.join(map(str, held)) or 'none'}"

    def _do_done(self) -> None:
        self._expect("actions", "finish Player Actions")
        if self.explain:
            self.events.append(Event("done", self.command_points))
        self._start_battles(S_PLAYER_BATTLES)

    # -- corrections

    def _do_fix(self, at: int, king: int, player: int) -> None:
        board = self.board
        if at not in board.adjacent:
            raise IllegalAction(f"no territory {at} on this map")
        if self.battle is not None or self.battle_card is not None:
            raise IllegalAction("finish the battle under way before fixing the record")
        if king > board.king_limit:
            raise IllegalAction(f"the King may have at most {board.king_limit} cubes in {at}")
        trial = self.position.copy()
        trial.king[at] = king
        trial.player[at] = player
        for side in (KING, PLAYER):
            if trial.on_map(side) > board.forces:
                raise IllegalAction(f"that would put {trial.on_map(side)} {side} cubes on the "
                                    f"map; only {board.forces} exist")
        problem = check_position(board, trial)
        if problem:
            raise IllegalAction(f"that position cannot stand on the table: {problem}")
        outcome = position_outcome(board, trial) if self.outcome is None else None
        if outcome is not None:
            raise IllegalAction(f"that position is already {outcome_words(board, outcome)}; "
                                "fix the other territories first if the table says otherwise")
        before = (self.position.king[at], self.position.player[at])
        self.position = trial
        if self.stage in (S_KING_BATTLES, S_PLAYER_BATTLES):
            self.pending_battles = trial.contested(board.order(self.rising))
        if self.explain:
            self.events.append(Event("fix", at, {"before": before, "after": (king, player)}))

    # -- the card record (physical mode)

    def _do_hand(self, *ids: int) -> None:
        """The player tells the cards in their hand (the whole hand)."""
        if not self.physical:
            raise IllegalAction("in a virtual game the program dealt your hand itself: "
                                f"{self._hand_words()}")
        count = self.hand_count
        if not count:
            raise IllegalAction("your hand is empty now: there is no card to tell")
        self._check_ids(ids, "your hand")
        for c in ids:
            if c not in self.hand and c not in self.unseen:
                raise IllegalAction(self._card_problem(c, "be in your hand"))
        if len(ids) != count:
            raise IllegalAction(f"you have {count} card{'s' if count != 1 else ''} in hand; "
                                f"you named {len(ids)}")
        before = sorted(self.hand)
        self.unseen = (self.unseen | set(self.hand)) - set(ids)
        self.hand = list(ids)
        self.hand_hidden = 0
        if self.explain:
            self.events.append(Event("hand-told", tuple(sorted(ids)), {"before": before}))

    def _check_ids(self, ids: Iterable[int], what: str) -> None:
        """Every id a card of this game, none twice (for `hand` and `fixcards`)."""
        seen: set[int] = set()
        for c in ids:
            if c not in self.board.cards:
                raise IllegalAction(f"there is no card {c} in this edition")
            if c not in self.in_game:
                raise IllegalAction(f"card {c} is not in this game (set aside)")
            if c in seen:
                raise IllegalAction(f"card {c} is named twice for {what}")
            seen.add(c)

    def _do_fixcards(self, hand: tuple[int, ...] | None,
                     discard: tuple[int, ...] | None) -> None:
        """Set the known hand and/or the discard pile to exactly these cards.

        Cards leaving the discard pile or the hand go back to the deck (unseen);
        the deck count follows. The table (phase card, battle cards) is not
        touched and its cards cannot be named.
        """
        if not self.physical:
            raise IllegalAction("in a virtual game the program dealt and discarded every "
                                "card itself: there is no card record to fix")
        if hand is None and discard is None:
            raise IllegalAction("name the hand or the discard pile (or both) to set")
        table = set(self.table)
        for ids, what in ((hand, "your hand"), (discard, "the discard pile")):
            if ids is None:
                continue
            self._check_ids(ids, what)
            for c in ids:
                if c in table:
                    raise IllegalAction(f"card {c} is on the table, so it cannot be in "
                                        f"{what}; the table keeps it until its phase or "
                                        "battle ends")
        if hand is not None and len(hand) != self.hand_count:
            raise IllegalAction(f"you have {self.hand_count} card"
                                f"{'s' if self.hand_count != 1 else ''} in hand; "
                                f"you named {len(hand)}")
        new_hand = list(hand) if hand is not None else list(self.hand)
        new_discard = list(discard) if discard is not None else list(self.discard)
        both = sorted(set(new_hand) & set(new_discard))
        if both:
            where = ("named for both" if hand is not None and discard is not None
                     else "in your hand" if discard is not None else "in the discard pile")
            raise IllegalAction(f"card {both[0]} is {where}: a card is in one place only"
                                + ("; name the hand too to move it" if hand is None else "")
                                + ("; name the discard pile too to move it"
                                   if discard is None else ""))
        hidden = 0 if hand is not None else self.hand_hidden
        unseen = set(self.in_game) - set(new_hand) - set(new_discard) - table
        deck = len(unseen) - hidden
        if deck < 0:
            raise IllegalAction(f"that leaves {len(unseen)} card(s) for the deck and the "
                                f"{hidden} unknown card(s) of your hand")
        if deck == 0 and new_discard and not self.hand_to_draw:
            raise IllegalAction("that leaves the deck empty with cards in the discard pile; "
                                "the discard pile becomes the deck the moment the deck is "
                                "empty (R10): name fewer cards")
        before = {"hand": sorted(self.hand), "discard": list(self.discard)}
        self.hand, self.hand_hidden = new_hand, hidden
        self.discard = new_discard
        self.unseen, self.deck_count = unseen, deck
        if self.explain:
            self.events.append(Event("fixcards", None, {
                "before": before, "after": {"hand": sorted(new_hand),
                                            "discard": list(new_discard)}}))

    def card_zones(self) -> dict[int, str]:
        """Where each card of the game is: `deck`, `hand`, `discard`, `table`, or
        `unknown` (physical mode: in the deck or the untold hand, which the
        program cannot know). A before/after diff says which cards go where.
        """
        unseen_zone = ("unknown" if self.hand_hidden and self.deck_count
                       else "hand" if self.hand_hidden else "deck")
        zones: dict[int, str] = {}
        for c in sorted(self.in_game):
            if c in self.table:
                zones[c] = "table"
            elif c in self.unseen:
                zones[c] = unseen_zone
            elif c in self.hand:
                zones[c] = "hand"
            else:
                zones[c] = "discard"
        return zones

    def king_card_candidates(self, played: int) -> list[int]:
        """The cards that could turn up as the King's battle card if the player
        plays `played` from the hand now, each equally likely, ascending.

        Usually the cards that could be on top of the deck (never `played`).
        When `played` is the last card in hand, the hand is refilled first
        (R10); if the refill takes the whole deck, the discard pile (as it is
        now: `played` lies on the table) becomes the new deck, part of it goes
        to the hand, and the King's card is any card of it not drawn, which
        by symmetry is any card of the discard pile, equally likely.
        """
        deck = [c for c in self.deal_candidates() if c != played]
        if self.hand_count > 1 or self.deck_count > self.board.hand_size or not self.discard:
            return deck
        return sorted(self.discard)

    def known_hand(self) -> list[int] | None:
        """The hand, ascending, when every card of it is known (virtual mode, or
        told with `hand`); None while some of it is hidden."""
        return None if self.hand_hidden else sorted(self.hand)

    # ------------------------------------------------------------------ flow

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
            if self.pending_battles:
                return
            if self._check_end():
                return
            if self.stage == S_KING_BATTLES:
                self.stage = S_ACTIONS
                if self.explain:
                    self.events.append(Event("actions", self.command_points))
                return
            self._end_phase()

    def _check_end(self) -> bool:
        """R12: won holding every castle; lost when home is gone."""
        self.outcome = position_outcome(self.board, self.position)
        if self.outcome is not None:
            self.stage = S_OVER
            if self.explain:
                self.events.append(Event("over", self.outcome))
            return True
        return False

    def _end_phase(self) -> None:
        card = self.phase_card
        if card in self.table:
            self.table.remove(card)
            self.discard.append(card)
        if self.explain:
            self.events.append(Event("phase-end", card))
        self.phase_card = None
        self.command_points = 0
        self.stage = S_CARD
        if self.phase == PLAYER_CARD:
            self.phase = KING_CARD
        else:
            self.phase = PLAYER_CARD
            self.turn += 1
        if self.explain:
            self.events.append(Event("phase", self.phase, {"turn": self.turn}))


# `Game.apply`'s handler for each action kind.
_HANDLERS = {kind: getattr(Game, "_do_" + kind) for kind in act.SHAPES}


def replay(board: Board, cards_in_game: Iterable[int], history: Iterable[Action],
           physical: bool = False, position: Position | None = None) -> Game:
    """Rebuild a game from its setup and action list."""
    game = Game(board, cards_in_game, physical, position)
    for action in history:
        game.apply(action)
    return game
