"""Player bots for the balance simulator.

A bot answers the decisions a `Game` asks of the player: the phase card, a
battle card, where to withdraw, and Player Actions. It never changes the game
itself; the simulator applies its actions through `Game.apply`, so every bot
is held to the same legal-action checks as the assistant.

- `random`: uniform over `Game.legal_actions()` at every decision (one action
  at a time), the floor any real player should beat.
- `greedy` (the default): a sensible one-ply player. It scores positions with a
  static evaluation (castles held, cubes on the map, wheat held, the danger to
  home, progress towards enemy castles, pending battles at their exact odds),
  picks the phase card whose King's action (simulated with `resolve_king` on a
  copy of the position) leaves the best score, picks battle cards by exact
  odds over the cards that could be on top of the deck, and spends command
  points one action at a time while an action improves the score.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from throne_pnp.errors import ThroneError
from throne_pnp.rules import actions as act
from throne_pnp.rules.actions import Action
from throne_pnp.rules.board import Board
from throne_pnp.rules.game import MOVE_COST, RALLY_COST, Game
from throne_pnp.rules.king import resolve_king
from throne_pnp.rules.position import KING, PLAYER, Position, enforce_limits, player_limit
from throne_pnp.sim.odds import clash

WIN_SCORE = 10_000.0
LOSS_SCORE = 10_000.0

Syms = tuple[int, int, int]  # bugles, swords, shields


class Bot:
    """Base class: `decide` returns the action(s) to apply for the current need."""

    name = "bot"

    def decide(self, game: Game, rng: random.Random) -> list[Action]:
        raise NotImplementedError


class RandomBot(Bot):
    """Uniform over the legal actions at every decision."""

    name = "random"

    def decide(self, game: Game, rng: random.Random) -> list[Action]:
        return [rng.choice(game.legal_actions())]


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


def _syms(card) -> Syms:
    return (card.bugles, card.swords, card.shields)


_odds_memo: dict[tuple, tuple[float, float, float]] = {}


def expected_battle(hand: tuple[Syms, ...], kings: tuple[tuple[Syms, int], ...], pn: int,
                    kn: int, bonus: tuple[int, int], player_defends: bool
                    ) -> tuple[float, float, float]:
    """(P(win), E[player casualties], E[King casualties]) with the best hand card.

    `hand`: distinct symbol triples in the hand; `kings`: (symbols, count) of
    the cards that could be the King's battle card; `bonus`: the territory's
    (bugles, shields), added to the defender.
    """
    key = (hand, kings, pn, kn, bonus, player_defends)
    hit = _odds_memo.get(key)
    if hit is not None:
        return hit
    best = (-1.0, 0.0, 0.0)
    total = sum(n for _, n in kings) or 1
    bb, bs = bonus
    for pb, psw, psh in hand:
        if player_defends:
            pb2, psh2 = pb + bb, psh + bs
        else:
            pb2, psh2 = pb, psh
        wins = pc = kc = 0
        for (kb, ksw, ksh), n in kings:
            if player_defends:
                w, a, b = clash(pn, kn, pb2, psw, psh2, kb, ksw, ksh, True)
            else:
                w, a, b = clash(pn, kn, pb2, psw, psh2, kb + bb, ksw, ksh + bs, False)
            if w == 1:
                wins += n
            pc += a * n
            kc += b * n
        cand = (wins / total, pc / total, kc / total)
        if cand[0] > best[0] or (cand[0] == best[0] and cand[2] - cand[1] > best[2] - best[1]):
            best = cand
    if len(_odds_memo) > 200_000:
        _odds_memo.clear()
    _odds_memo[key] = best
    return best


class GreedyBot(Bot):
    """A one-ply player over a static evaluation (see the module docstring)."""

    name = "greedy"

    def __init__(self, weights: Weights | None = None):
        self.w = weights or Weights()

    # ------------------------------------------------------------ context

    def _context(self, game: Game) -> None:
        """Cache what the evaluation needs about the current decision."""
        board = game.board
        cards = board.cards
        if getattr(self, "board", None) is not board:
            self._board_facts(board)
        self.hand = tuple(sorted({_syms(cards[c]) for c in game.hand})) or ((0, 0, 0),)
        kings = Counter(_syms(cards[c]) for c in game.deal_candidates())
        if not kings:
            kings = Counter(_syms(cards[c]) for c in game.in_game)
        self.kings = tuple(sorted(kings.items()))

    def _board_facts(self, board: Board) -> None:
        """Per-board constants of the evaluation, computed once."""
        w = self.w
        self.board = board
        home = board.home
        self.numbers = board.numbers
        self.castles = board.castles
        self.enemy_castles = tuple(sorted(board.castles - {home}))
        self.bonus = {t: (board.bugles[t], board.shields[t]) for t in board.numbers}
        self.wheat_value = {t: w.wheat * board.wheat[t] for t in board.numbers}
        self.guard = {t: 1 if t in board.castles else 0 for t in board.numbers}
        row = board.dist[home]
        weight = {1: 1.0, 2: 0.6, 3: 0.25}
        self.threat_weight = {t: weight.get(row[t], 0.0) for t in board.numbers}
        self.wheat_places = tuple(t for t in board.numbers if board.wheat[t])
        # For each set of castles still to take: every territory's distance to the nearest.
        self.advance_rows: dict[tuple[int, ...], dict[int, float]] = {}
        for mask in range(1 << len(self.enemy_castles)):
            targets = tuple(c for i, c in enumerate(self.enemy_castles) if mask >> i & 1)
            self.advance_rows[targets] = {
                t: (w.advance * min(board.dist[t][c] for c in targets) if targets and t != home
                    else 0.0) for t in board.numbers}

    # ------------------------------------------------------------ evaluation

    def evaluate(self, pos: Position, player_defends: bool) -> float:
        """Score a position for the player; contested territories at their odds."""
        w = self.w
        P, K = pos.player, pos.king
        home = self.board.home
        if not P[home]:
            return -LOSS_SCORE
        castles = self.castles
        wheat_value = self.wheat_value
        cube, king_cube, castle_w = w.cube, w.king_cube, w.castle
        score = 0.0
        held_all = True
        contested_home = False
        threat = 0.0
        threat_weight, guard = self.threat_weight, self.guard
        for t in self.numbers:
            p = P[t]
            k = K[t]
            if p:
                if k:
                    q, pcas, kcas = expected_battle(self.hand, self.kings, p, k, self.bonus[t],
                                                    player_defends)
                    if t == home:
                        contested_home = True
                        score -= LOSS_SCORE * (1.0 - q)
                    score += cube * (p - pcas) - king_cube * (k - kcas) + q * wheat_value[t]
                    if t in castles and t != home:
                        score += q * castle_w
                    held_all = False
                else:
                    score += cube * p + wheat_value[t]
                    if t in castles and t != home:
                        score += castle_w
            else:
                if t in castles:
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
            attackers = min(int(threat + 0.5), self.board.king_limit)
            q, _, _ = expected_battle(self.hand, self.kings, P[home], attackers,
                                      self.bonus[home], True)
            score -= w.home_danger * (1.0 - q)
        # Progress: field cubes closer to the castles still to take.
        targets = tuple(c for c in self.enemy_castles if not P[c] or K[c])
        row = self.advance_rows[targets]
        for t in self.numbers:
            p = P[t]
            if p:
                score -= p * row[t]
        return score

    # ------------------------------------------------------------ decisions

    def decide(self, game: Game, rng: random.Random) -> list[Action]:
        need = game.need()
        self._context(game)
        if need.kind == "card":
            return [act.card(self.choose_phase_card(game))]
        if need.kind == "battle":
            return [act.battle(self.choose_battle_card(game, need.territory))]
        if need.kind == "withdraw":
            return [act.withdraw(self.choose_withdrawal(game, need.options))]
        if need.kind == "actions":
            return self.plan_actions(game)
        raise ThroneError(f"the bot has nothing to decide: {need.kind}")

    def choose_phase_card(self, game: Game) -> int:
        """The hand card whose King's action (and flags) leave the best score."""
        board, cards = self.board, game.board.cards
        pos = game.position
        pool = game.deal_candidates() or sorted(game.in_game)
        replacements = Counter(cards[c].king for c in pool if not cards[c].uncertain)
        total = sum(replacements.values())
        cache: dict[tuple, float] = {}

        def after(actions: tuple[str, ...], priority: str) -> float:
            key = (actions, priority)
            if key not in cache:
                res = resolve_king(board, pos, actions, priority, _no_deal)
                cache[key] = self.evaluate(res.position, True)
            return cache[key]

        best, best_score = None, None
        for cid in sorted(set(game.hand)):
            card = cards[cid]
            fixed = tuple(a for a in card.king if a != "uncertain")
            if card.uncertain and total:
                value = sum(n * after(fixed + extra, card.priority)
                            for extra, n in replacements.items()) / total
            else:
                value = after(fixed, card.priority)
            value += self.w.flag * card.flags - self.w.keep * sum(_syms(card))
            if best_score is None or value > best_score:
                best, best_score = cid, value
        assert best is not None
        return best

    def choose_battle_card(self, game: Game, territory: int | None) -> int:
        """The hand card with the best exact odds (stakes weighted), sparing strong cards."""
        board, cards = self.board, game.board.cards
        assert territory is not None
        pos = game.position
        pn, kn = pos.player[territory], pos.king[territory]
        defends = game.defender == PLAYER
        bonus = (board.bugles[territory], board.shields[territory])
        stake = 25.0 + (self.w.castle if territory in board.castles else 0.0)
        if territory == board.home and defends:
            stake = LOSS_SCORE
        best, best_score = None, None
        for cid in sorted(set(game.hand)):
            syms = _syms(cards[cid])
            q, pc, kc = expected_battle((syms,), self.kings, pn, kn, bonus, defends)
            value = (stake * q - self.w.cube * pc + self.w.king_cube * kc
                     - self.w.keep * sum(syms))
            if best_score is None or value > best_score:
                best, best_score = cid, value
        assert best is not None
        return best

    def choose_withdrawal(self, game: Game, options: tuple[int, ...]) -> int:
        battle = game.battle
        assert battle is not None
        t = battle.territory
        best, best_score = options[0], None
        for to in options:
            trial = battle.position.copy()
            n = trial.player[t]
            trial.player[t] = 0
            trial.player[to] += n
            enforce_limits(self.board, trial, contested_to=battle.defender)
            value = self.evaluate(trial, False)
            if best_score is None or value > best_score:
                best, best_score = to, value
        return best

    # ------------------------------------------------------------ Player Actions

    def plan_actions(self, game: Game) -> list[Action]:
        """Greedy: take the action that most improves the score until none does."""
        board = self.board
        pos = game.position.copy()
        cp = game.command_points
        trim = board.rulings.over_limit_move == "trim"
        plan: list[Action] = []
        current = self.evaluate(pos, False)
        while cp >= MOVE_COST:
            best_action, best_pos, best_score = None, None, current + 1e-9
            for action, trial in self._candidates(pos, cp, trim):
                value = self.evaluate(trial, False)
                if value > best_score:
                    best_action, best_pos, best_score = action, trial, value
            if best_action is None:
                break
            plan.append(best_action)
            pos, current = best_pos, best_score
            cp -= RALLY_COST if best_action.kind == "rally" else MOVE_COST
        plan.append(act.DONE)
        return plan

    def _candidates(self, pos: Position, cp: int, trim: bool):
        """Legal moves and rallies from `pos` (the engine's R8 checks), with results."""
        board = self.board
        P, K = pos.player, pos.king
        limit = player_limit(board, pos, KING)
        for src in board.numbers:
            have = P[src]
            if not have:
                continue
            for dst in board.adjacent[src]:
                for count in range(have, 0, -1):
                    trial = pos.copy()
                    trial.player[src] -= count
                    trial.player[dst] += count
                    if trim:
                        enforce_limits(board, trial, contested_to=KING)
                    elif not _within(board, trial, src, dst, limit):
                        continue
                    yield act.move(count, src, dst), trial
        if cp >= RALLY_COST and pos.on_map(PLAYER) < board.forces:
            for t in sorted(board.castles):
                if P[t] and not K[t]:
                    trial = pos.copy()
                    trial.player[t] += 1
                    if trim:
                        enforce_limits(board, trial, contested_to=KING)
                    elif trial.player[t] > limit:
                        continue
                    yield act.rally(t), trial


def _within(board: Board, trial: Position, src: int, dst: int, old_limit: int) -> bool:
    """Is every territory within the player's limit after a move src -> dst (R8)?

    The limit during Player Actions counts contested territories as the King's
    (R7), as `player_limit(board, pos, KING)` does.
    """
    P = trial.player
    wheat = board.wheat
    if not (wheat[src] or wheat[dst]):
        return P[dst] <= old_limit  # no wheat changed hands: the limit is the same
    K = trial.king
    limit = sum(wheat[t] for t in board.numbers if P[t] and not K[t])
    return max(P.values()) <= limit


def _no_deal():
    return None


BOTS: dict[str, Callable[[], Bot]] = {
    "greedy": GreedyBot,
    "random": RandomBot,
}


def make_bot(name: str) -> Bot:
    """A bot by name; ThroneError lists the names when unknown."""
    try:
        return BOTS[name]()
    except KeyError:
        raise ThroneError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}") from None
