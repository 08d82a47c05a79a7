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
  picks the phase card whose King's action (simulated with the engine's `rally` and
  `move` on a copy of the King's cubes) leaves the best score, picks battle cards by exact
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
from throne_pnp.rules.battle import clash
from throne_pnp.rules.board import Board
from throne_pnp.rules.game import MOVE_COST, RALLY_COST, Game
from throne_pnp.rules.king import move, rally
from throne_pnp.rules.position import KING, PLAYER, Position, enforce_limits, player_limit
from throne_pnp.sim.battle_memo import (
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
    with_bonus,
)
from throne_pnp.sim.planner import ActionScorer
from throne_pnp.sim.scores import EPS, LOSS_SCORE, WIN_SCORE, TermRow


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


# `GreedyBot._masks`, `_replacements`, `_hands` and `_threats` by board (they
# depend on it alone).
_shared_board_memos: dict[Board, tuple[dict, dict, dict, dict]] = {}

_NO_REPLACEMENTS: Counter = Counter()  # (never changed)


class GreedyBot(Bot):
    """A one-ply player over a static evaluation (see the module docstring)."""

    name = "greedy"

    def __init__(self, weights: Weights | None = None):
        self.w = weights or Weights()
        self._in_game: frozenset[int] | None = None
        self._hand_ids: tuple[int, ...] | None = None  # the hand `_context` last saw
        self._generation = -1

    # ------------------------------------------------------------ context

    def _context(self, game: Game) -> None:
        """Cache what the evaluation needs about the current decision."""
        board = game.board
        if getattr(self, "board", None) is not board:
            self._board_facts(board)
            self._in_game = None
        # Scores use the whole deck of the game as the King's card distribution
        # (constant through a game, so memoised results are reused); battle cards
        # are chosen against the exact cards that can be on top (`choose_battle_card`).
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
        hands = self._hands
        key = frozenset(hand_ids)  # the same cards in any order
        hand = hands.get(key)
        if hand is None:
            syms = self.card_syms
            if len(hands) > 50_000:
                hands.clear()
            hand = hands[key] = useful_cards(
                tuple(sorted({syms[c] for c in hand_ids})) or ((0, 0, 0),))
        self.hand = hand
        self.memo = hand_memo(self.hand, self.kid)
        tables = self._tables.get((self.hand, self.kid))
        if tables is None:
            if len(self._tables) > 5_000:
                self._tables.clear()
            dangers = [[None] * (self.king_limit + 1) for _ in range(board.forces + 1)]
            tables = self._tables[(self.hand, self.kid)] = ({}, dangers, {}, {})
        self.term_rows, self.dangers, self.source_options, self.scorer_parts = tables

    def by_territory(self, counts: dict[int, int]) -> list[int]:
        """A side's cubes as a list indexed by territory number (0 where none)."""
        if self.dense:  # territories 1..n: index 0 is the only gap
            return [0, *map(counts.__getitem__, self.numbers)]
        return [counts.get(t, 0) for t in range(self.size)]

    def threats(self, K: tuple[int, ...]) -> list[float]:
        """What the King's cubes (`K`, by territory) in each territory add to the
        threat to home while it holds no player cubes (memoised: it does not
        depend on the hand)."""
        hit = self._threats.get(K)
        if hit is None:
            weight, guard = self.threat_weight, self.guard
            if len(self._threats) > 50_000:
                self._threats.clear()
            hit = self._threats[K] = [weight[t] * (k - guard[t]) if k else 0.0
                                      for t, k in enumerate(K)]
        return hit

    def battle(self, pn: int, kn: int, t: int, player_defends: bool) -> Battle:
        """`expected_battle` in territory t for the current hand, over the game's deck."""
        hit = self.memo.get((pn, kn, self.bonus[t], player_defends))
        if hit is not None:
            return hit
        return expected_battle(self.hand, self.kings, self.kid, pn, kn, self.bonus[t],
                               player_defends, self.memo)

    def _board_facts(self, board: Board) -> None:
        """Per-board constants of the evaluation, computed once.

        Per-territory tables are lists indexed by territory number (index 0
        and any gap unused): the planner's inner loop reads them.
        """
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
        self.bonus = _table(size, {t: (board.bugles[t], board.shields[t]) for t in numbers},
                            (0, 0))
        self.wheat_value = _table(size, {t: w.wheat * board.wheat[t] for t in numbers}, 0.0)
        self.guard = _table(size, {t: 1 if t in board.castles else 0 for t in numbers}, 0)
        row = board.dist[home]
        weight = {1: 1.0, 2: 0.6, 3: 0.25}
        self.threat_weight = _table(size, {t: weight.get(row[t], 0.0) for t in numbers}, 0.0)
        self.wheat_places = tuple(t for t in numbers if board.wheat[t])
        # For each set of castles still to take: every territory's distance to the nearest.
        # The same rows by bit mask (bit i: `enemy_castles[i]` still to take), for the
        # planner; `target_bit[t]` is t's bit (0 unless t is an enemy castle).
        self.advance_rows: dict[tuple[int, ...], list[float]] = {}
        self.advance_by_mask: list[list[float]] = []
        for mask in range(1 << len(self.enemy_castles)):
            targets = tuple(c for i, c in enumerate(self.enemy_castles) if mask >> i & 1)
            self.advance_rows[targets] = _table(size, {
                t: (w.advance * min(board.dist[t][c] for c in targets) if targets and t != home
                    else 0.0) for t in numbers}, 0.0)
            self.advance_by_mask.append(self.advance_rows[targets])
        self.target_bit = _table(size, {c: 1 << i for i, c in enumerate(self.enemy_castles)}, 0)
        # A territory's terms without King cubes do not depend on the hand.
        self.free_rows = [[self._free_term(t, p) for p in range(board.forces + 1)]
                          if t in board.adjacent else [] for t in range(size)]
        # Shared by every greedy bot with these weights on this board (pure caches,
        # so a new bot, e.g. one per chunk of games, starts warm).
        # Per (hand, kings id): the term rows (`term_row`), home dangers by home cubes
        # and attackers (`home_danger`), the planner's options per source territory
        # (`ActionScorer._source_options`) and its term rows and threats by the
        # King's cubes (`ActionScorer.__init__`).
        self._tables: dict[tuple, tuple[dict[tuple[int, int], TermRow],
                                        list[list[float | None]],
                                        dict[tuple[int, int, int], list],
                                        dict[tuple[int, ...], tuple]]]
        self._tables = _shared_tables.setdefault((board, w), {})
        self.card_syms = {cid: _syms(card) for cid, card in board.cards.items()}
        # The cards with each set of symbols, as a bit mask over card ids (`battle_masks`).
        self.cards_by_syms: dict[Syms, int] = {}
        for cid, syms in self.card_syms.items():
            self.cards_by_syms[syms] = self.cards_by_syms.get(syms, 0) | 1 << cid
        # What playing a card in battle costs: its symbols are gone for later.
        self.keep_cost = {cid: w.keep * sum(syms) for cid, syms in self.card_syms.items()}
        # Per card as a phase card: its King's actions other than Uncertain Orders,
        # priority, whether it has Uncertain Orders, and what its flags are worth
        # less the battle symbols spent (`choose_phase_card`).
        self.phase_plans = {
            cid: (tuple(a for a in card.king if a != "uncertain"), card.priority,
                  card.uncertain, w.flag * card.flags - w.keep * sum(_syms(card)))
            for cid, card in board.cards.items()}
        self._masks: dict[tuple, BattleMasks]
        self._replacements: dict[frozenset[int], tuple[Counter, int]]
        self._hands: dict[frozenset[int], tuple[Syms, ...]]  # `hand` by the hand's ids
        self._threats: dict[tuple[int, ...], list[float]]  # `threats` by the King's cubes
        self._masks, self._replacements, self._hands, self._threats = (
            _shared_board_memos.setdefault(board, ({}, {}, {}, {})))

    # ------------------------------------------------------------ score terms

    def _free_term(self, t: int, p: int) -> float:
        """Territory t's share of the score with p player cubes and no King cubes."""
        w = self.w
        if p:
            value = w.cube * p + self.wheat_value[t]
            if self.is_enemy_castle[t]:
                value += w.castle
            return value
        return -w.king_cube * 0

    def home_danger(self, threat: float, home_cubes: int) -> float:
        """What King cubes near home cost: `home_danger` x P(the next attack takes home).

        `threat` (at least 0.5) sums the weighted King cubes within reach of
        home; rounded, it is the number of attackers (at most the King's limit).
        Memoised per hand in `dangers[home_cubes][attackers]`, which the
        planner's inner loop reads directly.
        """
        attackers = int(threat + 0.5)
        if attackers > self.king_limit:
            attackers = self.king_limit
        row = self.dangers[home_cubes]
        cost = row[attackers]
        if cost is None:
            q = self.battle(home_cubes, attackers, self.board.home, True)[0]
            cost = row[attackers] = self.w.home_danger * (1.0 - q)
        return cost

    def term_row(self, t: int, k: int) -> TermRow:
        """Territory t's share of `evaluate(pos, False)` (advance and threat aside) by
        the player's cube count, with k King cubes there. Entries that need battle
        odds are filled on first use (`fill_term`); rows are shared by every plan
        with the same hand, so callers must not change filled entries."""
        if not k:
            return self.free_rows[t]
        row = self.term_rows.get((t, k))
        if row is None:
            row = self.term_rows[(t, k)] = [None] * (self.board.forces + 1)
            row[0] = -self.w.king_cube * k
        return row

    def fill_term(self, row: TermRow, t: int, k: int, p: int) -> float:
        """Fill entry p of a contested territory's term row (p and k > 0)."""
        w = self.w
        q, pcas, kcas = self.battle(p, k, t, False)
        value = w.cube * (p - pcas) - w.king_cube * (k - kcas) + q * self.wheat_value[t]
        if self.is_enemy_castle[t]:
            value += q * w.castle
        row[p] = value
        return value

    # ------------------------------------------------------------ evaluation

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
        """What Uncertain Orders could turn into now: King actions of the cards that
        could come (in ascending card order) with their counts, and the count of
        those cards (memoised by the cards that could come)."""
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
        """The hand card with the best exact odds (stakes weighted), sparing strong cards.

        The odds are over the cards that could be on top of the deck, each
        equally likely (`top_card_battle`)."""
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
        """`card_battle` with the King's card uniform over the cards in the bit
        mask `top` (bit c for card c; `total` of them): the same integer counts,
        so the same floats, by counting bits of `battle_masks`."""
        masks = self._masks.get((syms, pn, kn, bonus, player_defends))
        if masks is None:
            masks = self.battle_masks(syms, pn, kn, bonus, player_defends)
        wins, p_masks, k_masks = masks
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
            w, a, b = clash(pn, kn, pb, psw, psh, kb + bb, ksw, ksh + bs, player_defends)
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

    # ------------------------------------------------------------ Player Actions

    def plan_actions(self, game: Game) -> list[Action]:
        """Greedy: take the action that most improves the score until none does."""
        board = self.board
        pos = game.position
        if board.rulings.over_limit_move == "trim" or pos.king[board.home]:
            return self._plan_slowly(game)
        scorer = ActionScorer(self, pos)
        cp = game.command_points
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
        """With the King's cubes all gone, walk a spare cube into a castle still
        to take: moves along a shortest path, or none.

        The one-ply score cannot see such a march: its first step gives up
        wheat or a castle, or moves a home guard away from home, and pays off
        only at the end. Without it a game against a King who has no cubes
        left stalls until the turn cap. A spare cube is one from a stack of
        two or more (home keeps a guard); the march is made only when it
        arrives within the command points left (`cp`), each step within the
        player's limit (R8: it only gains territories, so the limit only
        grows). `P` and `K`: the player's and the King's cubes by territory
        after the greedy plan."""
        numbers = self.numbers
        if cp < MOVE_COST or any(K[t] for t in numbers):
            return []
        dist = self.board.dist
        wheat = self.wheat_of
        limit = sum([wheat[t] for t in numbers if P[t]])
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


def _table(size: int, values: dict, default) -> list:
    """A dict keyed by territory as a list indexed by territory number."""
    return [values.get(t, default) for t in range(size)]


def king_after(board: Board, pos: Position, actions: tuple[str, ...], priority: str,
               memo: dict[tuple, Position]) -> Position:
    """The position after the King's action(s), as `resolve_king` leaves it.

    The engine's own `rally` and `move` (R3, R4), one action at a time on a
    copy of the King's cubes: the player's cubes never change during the
    King's action, so the result shares `pos.player`. `memo` (one per
    decision, keyed by actions and priority) lets cards that share their first
    actions (the Uncertain Orders replacements) share the work. Returned
    positions are shared: callers must not change them.
    """
    key = (actions, priority)
    hit = memo.get(key)
    if hit is None:
        before = king_after(board, pos, actions[:-1], priority, memo) if len(actions) > 1 else pos
        hit = Position(dict(before.king), pos.player)
        if actions:
            rising = priority == "rising"
            if actions[-1] == "rally":
                rally(board, hit, rising, explain=False)
            else:
                move(board, hit, actions[-1], rising, explain=False)
        memo[key] = hit
    return hit


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
