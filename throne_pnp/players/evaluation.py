"""The greedy bot's static evaluation of a position, and what it keeps per decision
(per-hand tables are shared between decisions with the same useful cards)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from throne_pnp.players.battle_memo import (
    Battle,
    BattleMasks,
    Syms,
    _generation,
    _shared_tables,
    _syms,
    expected_battle,
    hand_memo,
    king_cards,
    kings_id,
    useful_cards,
)
from throne_pnp.players.scores import LOSS_SCORE, WIN_SCORE
from throne_pnp.rules.board import Board
from throne_pnp.rules.game import Game
from throne_pnp.rules.position import Position


@dataclass(frozen=True)
class Weights:
    """The greedy bot's evaluation weights (points per unit)."""

    castle: float = 40.0        # each enemy castle the player holds alone
    cube: float = 5.0           # each player cube on the map
    king_cube: float = 4.0      # each King cube on the map (negative)
    wheat: float = 2.5          # each wheat the player holds (their limit)
    flag: float = 3.0           # each command point a phase card gives
    keep: float = 0.6           # battle symbols on a card spent as a phase card
    home_danger: float = 400.0  # times the chance the next King attack takes home
    advance: float = 0.8        # per step from each field cube to the nearest enemy castle


# `GreedyBot._masks` and `_replacements` by board (they depend on it alone).
_shared_board_memos: dict[Board, tuple[dict, dict]] = {}


class Evaluation:
    """The greedy bot's evaluation (see the module docstring); `GreedyBot` adds the decisions."""

    def __init__(self, weights: Weights | None = None):
        self.w = weights or Weights()
        self._in_game: frozenset[int] | None = None
        self._hand_ids: tuple[int, ...] | None = None  # the hand `_context` last saw
        self._generation = -1

    def _context(self, game: Game) -> None:
        """Cache what the evaluation needs about the current decision."""
        board = game.board
        if getattr(self, "board", None) is not board:
            self._board_facts(board)
            self._in_game = None
        # Scores take the game's whole deck as the King's cards (constant: memos reused).
        if game.in_game is not self._in_game or self._generation != _generation[0]:
            if game.in_game is not self._in_game:
                self._in_game = game.in_game
                self.kings = king_cards(board, game.in_game)
            self.kid = kings_id(self.kings)
            # (`kings_id` cleared the tables keyed by ids no longer valid.)
            self._generation = _generation[0]
            self._hand_ids = None
        hand_ids = tuple(game.hand)
        if hand_ids == self._hand_ids:
            return  # same hand, same deck: the same context
        self._hand_ids = hand_ids
        key = (self.kid, frozenset(hand_ids))  # the same cards in any order
        context = self._contexts.get(key)
        if context is None:
            if len(self._contexts) > 50_000:
                self._contexts.clear()
            context = self._contexts[key] = self._hand_context(hand_ids)
        self.hand, self.memo, self.dangers, self.territory_rows = context

    def _hand_context(self, hand_ids: tuple[int, ...]) -> tuple:
        """A hand's useful cards, their battle odds memo and the tables built on them."""
        syms = self.card_syms
        hand = useful_cards(tuple(sorted({syms[c] for c in hand_ids})) or ((0, 0, 0),))
        tables = self._tables.get((hand, self.kid))
        if tables is None:
            if len(self._tables) > 5_000:
                self._tables.clear()
            dangers = [[0.0] + [None] * self.stack_cap for _ in range(self.king_limit + 1)]
            tables = self._tables[(hand, self.kid)] = (dangers, {})
        return hand, hand_memo(hand, self.kid), *tables

    def by_territory(self, counts: dict[int, int]) -> list[int]:
        """A side's cubes as a list indexed by territory number (0 where none)."""
        if self.dense:  # territories 1..n: index 0 is the only gap
            return [0, *map(counts.__getitem__, self.numbers)]
        return [counts.get(t, 0) for t in range(self.size)]

    def battle(self, pn: int, kn: int, t: int, player_defends: bool) -> Battle:
        """`expected_battle` in territory t for the current hand, over the game's deck."""
        hit = self.memo.get((pn, kn, self.bonus[t], player_defends))
        if hit is not None:
            return hit
        return expected_battle(self.hand, self.kings, self.kid, pn, kn, self.bonus[t],
                               player_defends, self.memo)

    def _board_facts(self, board: Board) -> None:
        """Per-board constants, computed once; per-territory tables are lists
        indexed by territory number (`incremental` reads them)."""
        w = self.w
        self.board = board
        home = board.home
        numbers = self.numbers = board.numbers
        self.size = size = max(numbers) + 1
        self.king_limit = board.king_limit
        self.dense = numbers == tuple(range(1, size))
        self.castles = board.castles
        self.castle_order = tuple(sorted(board.castles))
        self.enemy_castles = tuple(sorted(board.castles - {home}))
        self.neighbours = _table(size, {t: board.adjacent[t] for t in numbers}, ())
        self.wheat_of = _table(size, board.wheat, 0)
        self.is_castle = _table(size, {t: t in board.castles for t in numbers}, False)
        self.is_enemy_castle = _table(
            size, {t: t in board.castles and t != home for t in numbers}, False)
        self.bonus = _table(size, {t: (board.bugles[t], board.shields[t]) for t in numbers}, (0, 0))
        self.wheat_value = _table(size, {t: w.wheat * board.wheat[t] for t in numbers}, 0.0)
        self.guard = _table(size, {t: 1 if t in board.castles else 0 for t in numbers}, 0)
        row = board.dist[home]
        weight = {1: 1.0, 2: 0.6, 3: 0.25}
        self.threat_weight = _table(size, {t: weight.get(row[t], 0.0) for t in numbers}, 0.0)
        self.wheat_places = tuple(t for t in numbers if board.wheat[t])
        # Per set of castles still to take, by bit mask: the advance term to the nearest.
        self.advance_by_mask: list[list[float]] = []
        for mask in range(1 << len(self.enemy_castles)):
            targets = tuple(c for i, c in enumerate(self.enemy_castles) if mask >> i & 1)
            self.advance_by_mask.append(_table(size, {
                t: (w.advance * min(board.dist[t][c] for c in targets) if targets and t != home
                    else 0.0) for t in numbers}, 0.0))
        self.target_bit = _table(size, {c: 1 << i for i, c in enumerate(self.enemy_castles)}, 0)
        # The most cubes a territory can hold (all, or the limit: R8); by the player's cubes,
        # a territory's term, win-blocking and threat without King cubes (`incremental`).
        self.stack_cap = cap = max(board.forces, sum(board.wheat.values()))
        self.free_terms = [[0.0] + [w.cube * p + self.wheat_value[t] + (
            w.castle if self.is_enemy_castle[t] else 0.0) for p in range(1, cap + 1)]
            for t in range(size)]
        self.free_blocks = [[self.is_castle[t]] + [False] * cap for t in range(size)]
        self.no_threat = [0.0] * (cap + 1)
        self.king_facts: dict[tuple[int, ...], tuple] = {}  # `incremental`'s, by King layout
        # Per (hand, kings id) and (kings id, hand ids): for every bot with these weights.
        self._tables: dict[tuple, tuple]
        self._contexts: dict[tuple, tuple]
        self._tables, self._contexts = _shared_tables.setdefault((board, w), ({}, {}))
        self.card_syms = {cid: _syms(card) for cid, card in board.cards.items()}
        # The cards with each set of symbols, as a bit mask over card ids (`battle_masks`).
        self.cards_by_syms: dict[Syms, int] = {}
        for cid, syms in self.card_syms.items():
            self.cards_by_syms[syms] = self.cards_by_syms.get(syms, 0) | 1 << cid
        # What playing a card in battle costs: its symbols are gone for later.
        self.keep_cost = {cid: w.keep * sum(syms) for cid, syms in self.card_syms.items()}
        # Per phase card: King's actions but Uncertain Orders, priority, has them, net worth.
        self.phase_plans = {
            cid: (tuple(a for a in card.king if a != "uncertain"), card.priority,
                  card.uncertain, w.flag * card.flags - w.keep * sum(_syms(card)))
            for cid, card in board.cards.items()}
        self._masks: dict[tuple, BattleMasks]
        self._replacements: dict[frozenset[int], tuple[Counter, int]]
        self._masks, self._replacements = _shared_board_memos.setdefault(board, ({}, {}))

    def home_danger(self, threat: float, home_cubes: int) -> float:
        """What King cubes near home cost: `home_danger` x P(the next attack takes home),
        memoised in `dangers[attackers][home_cubes]` (read by `incremental`)."""
        attackers = int(threat + 0.5)
        if attackers > self.king_limit:
            attackers = self.king_limit
        row = self.dangers[attackers]
        cost = row[home_cubes]
        if cost is None:
            q = self.battle(home_cubes, attackers, self.board.home, True)[0]
            cost = row[home_cubes] = self.w.home_danger * (1.0 - q)
        return cost

    def evaluate(self, pos: Position, player_defends: bool) -> float:
        """Score a position for the player; contested territories at their odds."""
        w = self.w
        P, K = pos.player, pos.king
        home = self.board.home
        if not P[home]:
            return -LOSS_SCORE
        is_castle, is_enemy = self.is_castle, self.is_enemy_castle
        wheat_value = self.wheat_value
        cube, king_cube, castle_w = w.cube, w.king_cube, w.castle
        score = 0.0
        held_all = True
        contested_home = False
        threat = 0.0
        threat_weight, guard = self.threat_weight, self.guard
        memo, bonus = self.memo, self.bonus
        for t in self.numbers:
            p = P[t]
            k = K[t]
            if p:
                if k:
                    odds = memo.get((p, k, bonus[t], player_defends))
                    q, pcas, kcas = odds if odds else self.battle(p, k, t, player_defends)
                    if t == home:
                        contested_home = True
                        score -= LOSS_SCORE * (1.0 - q)
                    score += cube * (p - pcas) - king_cube * (k - kcas) + q * wheat_value[t]
                    if is_enemy[t]:
                        score += q * castle_w
                    held_all = False
                    tw = threat_weight[t]
                    if tw and t != home and not player_defends:  # the King may win, march
                        left = k - kcas - guard[t]
                        if left > 0:
                            threat += tw * left * (1.0 - q)
                else:
                    score += cube * p + wheat_value[t]
                    if is_enemy[t]:
                        score += castle_w
            else:
                if is_castle[t]:
                    held_all = False
                if not k:
                    continue
                score -= king_cube * k
                tw = threat_weight[t]
                if tw:
                    threat += tw * (k - guard[t])
        if held_all and not contested_home:
            return WIN_SCORE
        # Danger to home: King cubes that could march on it next King's action.
        if threat >= 0.5 and not contested_home:
            score -= self.home_danger(threat, P[home])
        # Progress: field cubes closer to the castles still to take.
        bit = self.target_bit
        row = self.advance_by_mask[sum([bit[c] for c in self.enemy_castles if not P[c] or K[c]])]
        for t in self.numbers:
            p = P[t]
            if p:
                score -= p * row[t]
        return score


def _table(size: int, values: dict, default) -> list:
    """A dict keyed by territory as a list indexed by territory number."""
    return [values.get(t, default) for t in range(size)]
