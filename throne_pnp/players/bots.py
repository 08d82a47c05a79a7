"""Player bots for the balance simulator: `random` (the floor) and `greedy` (the default). A
bot answers the decisions a `Game` asks of the player; its actions go through `Game.apply`,
held to the same checks as the assistant.
"""

from __future__ import annotations

import random
from collections import Counter

from throne_pnp.errors import ThroneError
from throne_pnp.players.battle_memo import Battle, BattleMasks, Syms, with_bonus
from throne_pnp.players.evaluation import Evaluation, Weights
from throne_pnp.players.incremental import IncrementalEvaluation
from throne_pnp.players.scores import EPS, LOSS_SCORE
from throne_pnp.rules import actions as act
from throne_pnp.rules import battle as battle_rules
from throne_pnp.rules import king as king_rules
from throne_pnp.rules import limits
from throne_pnp.rules.actions import Action
from throne_pnp.rules.board import Board
from throne_pnp.rules.game import MOVE_COST, RALLY_COST, Game
from throne_pnp.rules.position import KING, PLAYER, Position, enforce_limits, player_limit

__all__ = ["Bot", "GreedyBot", "RandomBot", "Weights", "king_after"]


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


_NO_REPLACEMENTS: Counter = Counter()  # (never changed)


class GreedyBot(Evaluation, Bot):
    """A one-ply player over a static evaluation (see the module docstring)."""

    name = "greedy"

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
        board = self.board
        pos = game.position
        hand = sorted(set(game.hand))
        phase_plans = self.phase_plans
        # Only a hand card with Uncertain Orders needs what they could turn into.
        if any(phase_plans[cid][2] for cid in hand):
            replacements, total = self._uncertain_replacements(game)
        else:
            replacements, total = _NO_REPLACEMENTS, 0
        cache: dict[tuple, float] = {}
        positions: dict[tuple, Position] = {}  # King's action(s) and priority -> position
        scores: dict[tuple[int, ...], float] = {}  # the King's cubes after -> score

        def after(actions: tuple[str, ...], priority: str) -> float:
            key = (actions, priority)
            if key not in cache:
                king = king_after(board, pos, actions, priority, positions).king
                where = tuple(king.values())  # several actions often end alike
                value = scores.get(where)
                if value is None:
                    value = scores[where] = self.evaluate(Position(king, pos.player), True)
                cache[key] = value
            return cache[key]

        best, best_score = None, None
        for cid in hand:
            fixed, priority, uncertain, worth = phase_plans[cid]
            if uncertain and total:
                value = sum(n * after(fixed + extra, priority)
                            for extra, n in replacements.items()) / total
            else:
                value = after(fixed, priority)
            value += worth
            if best_score is None or value > best_score:
                best, best_score = cid, value
        assert best is not None
        return best

    def _uncertain_replacements(self, game: Game) -> tuple[Counter, int]:
        """What Uncertain Orders could turn into now, with counts (memoised)."""
        ids = frozenset(game.unseen) or game.in_game
        hit = self._replacements.get(ids)
        if hit is None:
            cards = self.board.cards
            replacements = Counter(cards[c].king for c in sorted(ids) if not cards[c].uncertain)
            if len(self._replacements) > 50_000:
                self._replacements.clear()
            hit = self._replacements[ids] = (replacements, sum(replacements.values()))
        return hit

    def choose_battle_card(self, game: Game, territory: int | None) -> int:
        """Best exact odds over the possible top cards (stakes weighted), sparing strong cards."""
        board = self.board
        assert territory is not None
        pos = game.position
        pn, kn = pos.player[territory], pos.king[territory]
        defends = game.defender == PLAYER
        bonus = self.bonus[territory]
        stake = 25.0 + (self.w.castle if territory in board.castles else 0.0)
        if territory == board.home and defends:
            stake = LOSS_SCORE
        ids = game.unseen or game.in_game
        top = sum([1 << c for c in ids])
        cube, king_cube = self.w.cube, self.w.king_cube
        card_syms, keep_cost = self.card_syms, self.keep_cost
        best, best_score = None, None
        seen: set[Syms] = set()  # cards with the same symbols score the same
        for cid in sorted(set(game.hand)):
            syms = card_syms[cid]
            if syms in seen:
                continue
            seen.add(syms)
            q, pc, kc = self.top_card_battle(syms, top, len(ids), pn, kn, bonus, defends)
            value = stake * q - cube * pc + king_cube * kc - keep_cost[cid]
            if best_score is None or value > best_score:
                best, best_score = cid, value
        assert best is not None
        return best

    def top_card_battle(self, syms: Syms, top: int, total: int, pn: int, kn: int,
                        bonus: tuple[int, int], player_defends: bool) -> Battle:
        """`card_battle` with the King's card uniform over the cards in the bit mask `top`."""
        wins, p_masks, k_masks = self.battle_masks(syms, pn, kn, bonus, player_defends)
        total = total or 1
        pc = kc = 0  # (whole numbers: any order of summing gives the same)
        for n, mask in p_masks:
            pc += n * (top & mask).bit_count()
        for n, mask in k_masks:
            kc += n * (top & mask).bit_count()
        return ((top & wins).bit_count() / total, pc / total, kc / total)

    def battle_masks(self, syms: Syms, pn: int, kn: int, bonus: tuple[int, int],
                     player_defends: bool) -> BattleMasks:
        """Which King cards a player card beats, and which cause each number of
        casualties on either side, as bit masks over card ids (memoised)."""
        key = (syms, pn, kn, bonus, player_defends)
        hit = self._masks.get(key)
        if hit is not None:
            return hit
        pb, psw, psh, bb, bs = with_bonus(syms, bonus, player_defends)
        wins = 0
        p_cas: dict[int, int] = {}
        k_cas: dict[int, int] = {}
        for (kb, ksw, ksh), bit in self.cards_by_syms.items():
            w, a, b = battle_rules.clash(pn, kn, pb, psw, psh, kb + bb, ksw, ksh + bs,
                                         player_defends)
            if w == 1:
                wins |= bit
            if a:
                p_cas[a] = p_cas.get(a, 0) | bit
            if b:
                k_cas[b] = k_cas.get(b, 0) | bit
        hit = (wins, tuple(sorted(p_cas.items())), tuple(sorted(k_cas.items())))
        if len(self._masks) > 200_000:
            self._masks.clear()
        self._masks[key] = hit
        return hit

    def choose_withdrawal(self, game: Game, options: tuple[int, ...]) -> int:
        battle = game.battle
        assert battle is not None
        t = battle.territory
        king = battle.position.king  # the King's cubes do not move: shared
        best, best_score = options[0], None
        for to in options:
            player = dict(battle.position.player)
            player[to] += player[t]
            player[t] = 0
            trial = Position(king, player)
            if max(player.values()) > player_limit(self.board, trial, battle.defender):
                trial = Position(dict(king), player)
                enforce_limits(self.board, trial, contested_to=battle.defender)
            value = self.evaluate(trial, False)
            if best_score is None or value > best_score:
                best, best_score = to, value
        return best

    def plan_actions(self, game: Game) -> list[Action]:
        """Greedy: take the action that most improves the score until none does."""
        board = self.board
        pos = game.position
        if board.rulings.over_limit_move == "trim" or pos.king[board.home]:
            return self._plan_slowly(game)
        cp = game.command_points
        scorer = IncrementalEvaluation(self, self.by_territory(pos.king),
                                       self.by_territory(pos.player), cp)
        plan: list[Action] = []
        current = scorer.score()
        while cp >= MOVE_COST:
            best, best_score = scorer.best(cp)
            if best is None or best_score <= current + EPS:
                break
            plan.append(best)
            scorer.take(best)
            current = scorer.score()
            cp -= RALLY_COST if best.kind == "rally" else MOVE_COST
        plan += self._final_march(scorer.P, pos.king, cp)
        plan.append(act.DONE)
        return plan

    def _final_march(self, P, K, cp: int) -> list[Action]:
        """With the King's cubes all gone, march a spare cube into a castle still to take
        (the one-ply score cannot see such a march: the game would stall), within R8."""
        numbers = self.numbers
        if cp < MOVE_COST or any(K[t] for t in numbers):
            return []
        dist = self.board.dist
        wheat = self.wheat_of
        limit = limits.player_limit(self.wheat_places, wheat, P, K, True)
        best: tuple[int, int, int] | None = None  # (steps, from, castle)
        for castle in self.enemy_castles:
            if P[castle]:
                continue
            for src in numbers:
                steps = dist[src][castle]
                if P[src] >= 2 and steps <= cp // MOVE_COST and (best is None or steps < best[0]):
                    best = (steps, src, castle)
        if best is None:
            return []
        _, at, castle = best
        moves: list[Action] = []
        while at != castle:
            step = next(t for t in self.neighbours[at] if dist[t][castle] < dist[at][castle])
            if P[step] + 1 > limit:
                return []
            moves.append(act.move(1, at, step))
            at = step
        return moves

    def _plan_slowly(self, game: Game) -> list[Action]:
        """`plan_actions` by full evaluation of every candidate (any ruling)."""
        board = self.board
        pos = game.position.copy()
        cp = game.command_points
        trim = board.rulings.over_limit_move == "trim"
        plan: list[Action] = []
        current = self.evaluate(pos, False)
        while cp >= MOVE_COST:
            best_action, best_pos, best_score = None, None, current
            for action, trial in self._candidates(pos, cp, trim):
                value = self.evaluate(trial, False)
                if value > best_score + EPS:
                    best_action, best_pos, best_score = action, trial, value
            if best_action is None:
                break
            plan.append(best_action)
            pos, current = best_pos, best_score
            cp -= RALLY_COST if best_action.kind == "rally" else MOVE_COST
        plan += self._final_march(pos.player, pos.king, cp)
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
                    elif max(trial.player.values()) > player_limit(board, trial, KING):
                        continue  # R8 (contested territories are the King's, R7)
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


def king_after(board: Board, pos: Position, actions: tuple[str, ...], priority: str,
               memo: dict[tuple, Position]) -> Position:
    """The position after the King's action(s), as `resolve_king` leaves it; `memo` (per
    decision) shares common first actions, so callers must not change the result."""
    key = (actions, priority)
    hit = memo.get(key)
    if hit is None:
        before = king_after(board, pos, actions[:-1], priority, memo) if len(actions) > 1 else pos
        hit = Position(dict(before.king), pos.player)
        if actions:
            rising = priority == "rising"
            if actions[-1] == "rally":
                king_rules.rally(board, hit, rising, False)
            else:
                king_rules.move(board, hit, actions[-1], rising, False)
        memo[key] = hit
    return hit
