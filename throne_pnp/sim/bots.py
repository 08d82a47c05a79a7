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
EPS = 1e-6  # score differences below this are ties (summation order must not matter)

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


Battle = tuple[float, float, float]
Kings = tuple[tuple[Syms, int], ...]  # (symbols, how many cards) that could be the King's

_kings_ids: dict[Kings, int] = {}
_card_memo: dict[tuple, Battle] = {}
_hand_memos: dict[tuple, dict[tuple, Battle]] = {}


def kings_id(kings: Kings) -> int:
    """A small number standing for a King's card distribution (cheap memo keys)."""
    kid = _kings_ids.get(kings)
    if kid is None:
        if len(_kings_ids) >= 20_000:  # bound memory: forget every memo keyed by ids
            _kings_ids.clear()
            _card_memo.clear()
            _hand_memos.clear()
        kid = _kings_ids[kings] = len(_kings_ids)
    return kid


def card_battle(syms: Syms, kings: Kings, kid: int, pn: int, kn: int,
                bonus: tuple[int, int], player_defends: bool) -> Battle:
    """(P(win), E[player casualties], E[King casualties]) of one player card, exact
    over the King's cards `kings` (`kid` = `kings_id(kings)`); `bonus`: the
    territory's (bugles, shields), added to the defender (R9)."""
    key = (syms, kid, pn, kn, bonus, player_defends)
    hit = _card_memo.get(key)
    if hit is not None:
        return hit
    pb, psw, psh = syms
    bb, bs = bonus
    if player_defends:
        pb, psh = pb + bb, psh + bs
        bb = bs = 0
    total = wins = pc = kc = 0
    for (kb, ksw, ksh), n in kings:
        w, a, b = clash(pn, kn, pb, psw, psh, kb + bb, ksw, ksh + bs, player_defends)
        total += n
        if w == 1:
            wins += n
        pc += a * n
        kc += b * n
    total = total or 1
    result = (wins / total, pc / total, kc / total)
    if len(_card_memo) > 500_000:
        _card_memo.clear()
    _card_memo[key] = result
    return result


def hand_memo(hand: tuple[Syms, ...], kid: int) -> dict[tuple, Battle]:
    """The memo of `expected_battle` results for one hand against one distribution."""
    if len(_hand_memos) > 50_000:
        _hand_memos.clear()
    return _hand_memos.setdefault((hand, kid), {})


def expected_battle(hand: tuple[Syms, ...], kings: Kings, kid: int, pn: int, kn: int,
                    bonus: tuple[int, int], player_defends: bool,
                    memo: dict[tuple, Battle]) -> Battle:
    """`card_battle` of the best card in `hand` (most wins, then the best casualty
    balance); `memo` from `hand_memo(hand, kid)`."""
    key = (pn, kn, bonus, player_defends)
    hit = memo.get(key)
    if hit is not None:
        return hit
    best = (-1.0, 0.0, 0.0)
    for syms in hand:
        cand = card_battle(syms, kings, kid, pn, kn, bonus, player_defends)
        if cand[0] > best[0] or (cand[0] == best[0] and cand[2] - cand[1] > best[2] - best[1]):
            best = cand
    memo[key] = best
    return best


def king_cards(board: Board, ids) -> Kings:
    return tuple(sorted(Counter(_syms(board.cards[c]) for c in ids).items()))


class GreedyBot(Bot):
    """A one-ply player over a static evaluation (see the module docstring)."""

    name = "greedy"

    def __init__(self, weights: Weights | None = None):
        self.w = weights or Weights()
        self._in_game: frozenset[int] | None = None

    # ------------------------------------------------------------ context

    def _context(self, game: Game) -> None:
        """Cache what the evaluation needs about the current decision."""
        board = game.board
        cards = board.cards
        if getattr(self, "board", None) is not board:
            self._board_facts(board)
        self.hand = tuple(sorted({_syms(cards[c]) for c in game.hand})) or ((0, 0, 0),)
        # Scores use the whole deck of the game as the King's card distribution
        # (constant through a game, so memoised results are reused); battle cards
        # are chosen against the exact cards that can be on top (`choose_battle_card`).
        if game.in_game is not self._in_game:
            self._in_game = game.in_game
            self.kings = king_cards(board, game.in_game)
        self.kid = kings_id(self.kings)
        self.memo = hand_memo(self.hand, self.kid)

    def battle(self, pn: int, kn: int, t: int, player_defends: bool) -> Battle:
        """`expected_battle` in territory t for the current hand, over the game's deck."""
        hit = self.memo.get((pn, kn, self.bonus[t], player_defends))
        if hit is not None:
            return hit
        return expected_battle(self.hand, self.kings, self.kid, pn, kn, self.bonus[t],
                               player_defends, self.memo)

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
                    q, pcas, kcas = self.battle(p, k, t, player_defends)
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
            q, _, _ = self.battle(P[home], attackers, home, True)
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

        here = _position_key(board, pos)

        def after(actions: tuple[str, ...], priority: str) -> float:
            key = (actions, priority)
            if key not in cache:
                cache[key] = self.evaluate(king_after(board, pos, here, actions, priority), True)
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
        kings = king_cards(board, game.deal_candidates() or game.in_game)
        kid = kings_id(kings)
        best, best_score = None, None
        for cid in sorted(set(game.hand)):
            syms = _syms(cards[cid])
            q, pc, kc = card_battle(syms, kings, kid, pn, kn, bonus, defends)
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
        pos = game.position
        if board.rulings.over_limit_move == "trim" or pos.king[board.home]:
            return self._plan_slowly(game)
        scorer = _ActionScorer(self, pos)
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
        plan.append(act.DONE)
        return plan

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


class _ActionScorer:
    """`GreedyBot.evaluate(pos, False)` kept up to date move by move.

    During Player Actions the King's cubes do not move, so a move changes the
    score only through its two territories (and, rarely, the set of castles
    still to take). The score is split into per-territory terms, the threat to
    home and the advance term, and a candidate is scored by replacing two
    terms instead of evaluating the whole position: the inner loop of the
    greedy bot. Limits follow `refuse` (R8); other rulings use the slow path.
    """

    def __init__(self, bot: GreedyBot, pos: Position):
        self.bot = bot
        self.board = bot.board
        self.K = pos.king
        self.P = dict(pos.player)
        self.forces = bot.board.forces
        self._terms: dict[tuple[int, int], float] = {}
        self._reset()

    def _reset(self) -> None:
        bot, P, K = self.bot, self.P, self.K
        board = self.board
        self.targets = tuple(c for c in bot.enemy_castles if not P[c] or K[c])
        row = bot.advance_rows[self.targets]
        self.row = row
        self.base = sum(self.term(t, P[t]) for t in board.numbers)
        self.advance = sum(P[t] * row[t] for t in board.numbers)
        self.threat = sum(self.threat_part(t, P[t]) for t in board.numbers)
        self.wheat = sum(board.wheat[t] for t in board.numbers if P[t] and not K[t])
        self.held = sum(1 for c in board.castles if P[c] and not K[c])
        self.on_map = sum(P.values())

    def term(self, t: int, p: int) -> float:
        """Territory t's share of the score with p player cubes (advance aside)."""
        key = (t, p)
        hit = self._terms.get(key)
        if hit is not None:
            return hit
        bot, w = self.bot, self.bot.w
        k = self.K[t]
        if p and k:
            q, pcas, kcas = bot.battle(p, k, t, False)
            value = w.cube * (p - pcas) - w.king_cube * (k - kcas) + q * bot.wheat_value[t]
            if t in bot.castles and t != self.board.home:
                value += q * w.castle
        elif p:
            value = w.cube * p + bot.wheat_value[t]
            if t in bot.castles and t != self.board.home:
                value += w.castle
        else:
            value = -w.king_cube * k
        self._terms[key] = value
        return value

    def threat_part(self, t: int, p: int) -> float:
        k = self.K[t]
        if not k or p:
            return 0.0
        return self.bot.threat_weight[t] * (k - self.bot.guard[t])

    def _total(self, base: float, advance: float, threat: float, home_cubes: int,
               held: int) -> float:
        if not home_cubes:
            return -LOSS_SCORE
        if held == len(self.board.castles):
            return WIN_SCORE
        score = base - advance
        if threat >= 0.5:
            bot, board = self.bot, self.board
            attackers = min(int(threat + 0.5), board.king_limit)
            q, _, _ = bot.battle(home_cubes, attackers, board.home, True)
            score -= bot.w.home_danger * (1.0 - q)
        return score

    def score(self) -> float:
        return self._total(self.base, self.advance, self.threat, self.P[self.board.home],
                           self.held)

    def best(self, cp: int) -> tuple[Action | None, float]:
        """The best legal action from here and its score."""
        board, P, K = self.board, self.P, self.K
        home = board.home
        wheat, castles, row = board.wheat, board.castles, self.row
        term, threat_part, total = self.term, self.threat_part, self._total
        base0, threat0, wheat0, held0, adv0 = (self.base, self.threat, self.wheat, self.held,
                                               self.advance)
        enemy = self.bot.enemy_castles
        best: tuple[int, int, int] | None = None
        best_score = -LOSS_SCORE - 1.0
        for src in board.numbers:
            have = P[src]
            if not have:
                continue
            k_src = K[src]
            base_src = base0 - term(src, have)
            threat_src = threat0 - threat_part(src, have)
            frees_castle = src in castles and not k_src  # src leaves the player's castles
            for dst in board.adjacent[src]:
                pd = P[dst]
                k_dst = K[dst]
                base_sd = base_src - term(dst, pd)
                threat_sd = threat_src - threat_part(dst, pd)
                takes_castle = dst in castles and not k_dst and not pd
                wheat_gain = wheat[dst] if not pd and not k_dst else 0
                for count in range(have, 0, -1):
                    ps = have - count
                    if src == home and not ps:
                        continue  # never empty home
                    pd2 = pd + count
                    # R8 (refuse): every territory within the new limit.
                    limit = wheat0 + wheat_gain
                    if not ps and not k_src:
                        limit -= wheat[src]
                    if pd2 > limit or ps > limit:
                        continue
                    if limit < wheat0:
                        top = max((n for t, n in P.items() if t != src and t != dst),
                                  default=0)
                        if top > limit:
                            continue
                    held = held0
                    empties = frees_castle and not ps
                    if empties:
                        held -= 1
                    if takes_castle:
                        held += 1
                    base = base_sd + term(src, ps) + term(dst, pd2)
                    threat = threat_sd + threat_part(src, ps) + threat_part(dst, pd2)
                    if (empties and src in enemy) or (takes_castle and dst in enemy):
                        P[src], P[dst] = ps, pd2
                        targets = tuple(c for c in enemy if not P[c] or K[c])
                        row2 = self.bot.advance_rows[targets]
                        advance = sum(n * row2[t] for t, n in P.items())
                        P[src], P[dst] = have, pd
                    else:
                        advance = adv0 + count * (row[dst] - row[src])
                    if src == home:
                        home_cubes = ps
                    elif dst == home:
                        home_cubes = pd2
                    else:
                        home_cubes = P[home]
                    value = total(base, advance, threat, home_cubes, held)
                    if value > best_score + EPS:
                        best, best_score = (count, src, dst), value
        best_action = act.move(*best) if best else None
        if cp >= RALLY_COST and self.on_map < self.forces:
            for t in sorted(castles):
                have = P[t]
                if have and not K[t] and have + 1 <= self.wheat:
                    base = self.base - term(t, have) + term(t, have + 1)
                    advance = self.advance + row[t]
                    threat = self.threat  # t is held: no threat part either way
                    value = self._total(base, advance, threat,
                                        have + 1 if t == home else P[home], self.held)
                    if value > best_score + EPS:
                        best_action, best_score = act.rally(t), value
        return best_action, best_score

    def take(self, action: Action) -> None:
        """Carry out the chosen action on the scorer's own counts."""
        if action.kind == "rally":
            self.P[action.args[0]] += 1
        else:
            count, src, dst = action.args
            self.P[src] -= count
            self.P[dst] += count
        self._reset()


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


_king_memo: dict[tuple, Position] = {}
_king_memo_board: list[Board] = []  # the board the memo belongs to


def _position_key(board: Board, pos: Position) -> tuple[int, ...]:
    K, P = pos.king, pos.player
    return tuple([K[t] for t in board.numbers] + [P[t] for t in board.numbers])


def king_after(board: Board, pos: Position, key: tuple[int, ...], actions: tuple[str, ...],
               priority: str) -> Position:
    """The position after the King's action(s) (`resolve_king`), memoised per board.

    Returned positions are shared: callers must not change them.
    """
    if not _king_memo_board or _king_memo_board[0] is not board:
        _king_memo.clear()
        _king_memo_board[:] = [board]
    memo_key = (key, actions, priority)
    hit = _king_memo.get(memo_key)
    if hit is None:
        if len(_king_memo) > 200_000:
            _king_memo.clear()
        hit = _king_memo[memo_key] = resolve_king(board, pos, actions, priority,
                                                  _no_deal).position
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
