"""The greedy bot's Player Actions planner: its score kept up to date move by move.

During Player Actions the King's cubes do not move, so a move changes the
greedy bot's evaluation (`GreedyBot.evaluate(pos, False)`) only through its
two territories (and, rarely, the set of castles still to take). The score is
split into per-territory terms, the threat to home and the advance term, and
a candidate is scored by replacing two terms instead of evaluating the whole
position: the inner loop of the greedy bot. Limits follow `refuse` (R8); other
rulings use the bot's slow path.

Speed: every candidate is scored with the same floating-point operations in
the same order as a plain evaluation of the position would (after a taken
action the running totals are updated in its two territories, which equals a
fresh sum up to rounding in the last place, far below the `EPS` of a tie), and
only lookups are made cheaper: per-territory lists instead of dicts, the
terms of a territory as a row indexed by the player's cube count (filled
lazily, shared between plans with the same hand), and the few largest stacks
kept sorted so the limit check need not scan the map.
"""

from __future__ import annotations

from operator import mul

from throne_pnp.players.scores import EPS, LOSS_SCORE, WIN_SCORE, ScoringBot, TermRow
from throne_pnp.rules import actions as act
from throne_pnp.rules import limits
from throne_pnp.rules.actions import Action
from throne_pnp.rules.game import RALLY_COST
from throne_pnp.rules.position import Position

__all__ = ["EPS", "LOSS_SCORE", "WIN_SCORE", "ActionScorer", "TermRow"]


class ActionScorer:
    """`GreedyBot.evaluate(pos, False)` of a position and of every next action
    (`bot`: any `scores.ScoringBot`)."""

    def __init__(self, bot: ScoringBot, pos: Position):
        self.bot = bot
        board = bot.board
        self.numbers = board.numbers
        self.home = board.home
        self.forces = board.forces
        self.castle_count = len(board.castles)
        self.P = bot.by_territory(pos.player)
        # What depends on the King's cubes alone (they do not move during Player
        # Actions) is shared by every plan with the same King's cubes and hand.
        K = tuple(bot.by_territory(pos.king))
        shared = bot.scorer_parts.get(K)
        if shared is None:
            free_rows = bot.free_rows
            rows = [bot.term_row(t, k) if k else free_rows[t] for t, k in enumerate(K)]
            if len(bot.scorer_parts) > 20_000:
                bot.scorer_parts.clear()
            shared = bot.scorer_parts[K] = (rows, bot.threats(K))
        self.K = K
        self.rows: list[TermRow]
        self.rows, self.threat_of = shared
        # `_source_options` by (territory, player cubes, King cubes), shared by
        # every plan with the same hand (like the term rows).
        self._options = bot.source_options
        self._reset()

    # ------------------------------------------------------------ state

    def _reset(self) -> None:
        """Recompute every part of the score from the counts (after an action)."""
        bot, P, K = self.bot, self.P, self.K
        numbers = self.numbers
        bit = bot.target_bit
        self.mask = sum([bit[c] for c in bot.enemy_castles if not P[c] or K[c]])
        row = self.row = bot.advance_by_mask[self.mask]
        rows = self.rows
        terms = [rows[t][P[t]] for t in numbers]
        if None in terms:  # contested territories whose battle odds are not yet in
            terms = [self.term(t, P[t]) for t in numbers]
        self.base = sum(terms)
        self.advance = _advance_sum(P, row)
        self.threat = sum([self.threat_at(t, P[t]) for t in numbers])
        self.limit = limits.player_limit(bot.wheat_places, bot.wheat_of, P, K, True)  # R8
        self.held = sum([1 for c in bot.castle_order if P[c] and not K[c]])
        self.on_map = sum(P)

    def threat_at(self, t: int, p: int) -> float:
        """Territory t's share of the threat to home with p player cubes there."""
        if not p:
            return self.threat_of[t]
        k = self.K[t]
        return self.bot.contested_threat(t, k, p) if k else 0.0

    def term(self, t: int, p: int) -> float:
        """Territory t's share of the score with p player cubes (advance aside)."""
        value = self.rows[t][p]
        if value is None:
            value = self.bot.fill_term(self.rows[t], t, self.K[t], p)
        return value

    def _total(self, base: float, advance: float, threat: float, home_cubes: int,
               held: int) -> float:
        if not home_cubes:
            return -LOSS_SCORE
        if held == self.castle_count:
            return WIN_SCORE
        score = base - advance
        if threat >= 0.5:
            score -= self.bot.home_danger(threat, home_cubes)
        return score

    def score(self) -> float:
        return self._total(self.base, self.advance, self.threat, self.P[self.home], self.held)

    def take(self, action: Action) -> None:
        """Carry out the chosen action on the scorer's own counts.

        The parts of the score change only in the action's territories, so
        they are updated there instead of summed again (the same values up to
        rounding in the last place); a move that changes the castles still to
        take recomputes everything (`_reset`)."""
        P, K = self.P, self.K
        if action.kind == "rally":
            t = action.args[0]
            have = P[t]
            P[t] = have + 1
            self.base += self.term(t, have + 1) - self.term(t, have)
            self.advance += self.row[t]
            self.on_map += 1
            return  # t was held already: the threat, limit and castles held stay
        count, src, dst = action.args
        have, pd = P[src], P[dst]
        ps, pd2 = have - count, pd + count
        bot = self.bot
        bit = bot.target_bit
        if (bit[src] and not ps) or (bit[dst] and not pd):
            P[src], P[dst] = ps, pd2  # the castles still to take may change
            self._reset()
            return
        self.base += (self.term(src, ps) - self.term(src, have)
                      + self.term(dst, pd2) - self.term(dst, pd))
        self.advance += count * (self.row[dst] - self.row[src])
        self.threat += (self.threat_at(src, ps) - self.threat_at(src, have)
                        + self.threat_at(dst, pd2) - self.threat_at(dst, pd))
        P[src], P[dst] = ps, pd2
        self.limit = limits.player_limit(bot.wheat_places, bot.wheat_of, P, K, True)
        if not ps and not K[src] and bot.is_castle[src]:
            self.held -= 1
        if not pd and not K[dst] and bot.is_castle[dst]:
            self.held += 1

    # ------------------------------------------------------------ search

    def best(self, cp: int) -> tuple[Action | None, float]:
        """The best legal action from here and its score."""
        best, best_score = self._best_move()
        best_action = act.move(*best) if best else None
        if cp >= RALLY_COST and self.on_map < self.forces:
            rally, score = self._best_rally(best_score)
            if rally is not None:
                best_action, best_score = act.rally(rally), score
        return best_action, best_score

    def _best_move(self) -> tuple[tuple[int, int, int] | None, float]:
        """The best (count, src, dst) move and its score (the first of equals)."""
        bot = self.bot
        P, K, rows = self.P, self.K, self.rows
        wheat, adjacent = bot.wheat_of, bot.neighbours
        is_castle, is_enemy = bot.is_castle, bot.is_enemy_castle
        home, castle_count, row = self.home, self.castle_count, self.row
        base0, threat0, limit0, held0, adv0 = (self.base, self.threat, self.limit, self.held,
                                               self.advance)
        dangers, danger, king_limit = bot.dangers, bot.home_danger, bot.king_limit
        best: tuple[int, int, int] | None = None
        best_score = -LOSS_SCORE - 1.0
        # (index 0 and any gap in the numbering: 0 cubes)
        top = limits.largest_stacks(P, range(len(P)))
        move_room, wheat_if_held = limits.move_room, limits.wheat_if_held
        for src in self.numbers:
            have = P[src]
            if not have:
                continue
            term = rows[src][have]
            base_src = base0 - (self.term(src, have) if term is None else term)
            options = self._options.get((src, have, K[src]))
            if options is None:
                options = self._options[(src, have, K[src])] = self._source_options(src, have)
            frees_castle = is_castle[src] and not K[src]  # src leaves the player's castles
            # src's share of the threat by the cubes left there, less its share now
            now = self.threat_at(src, have)
            threat_src = [self.threat_at(src, left) - now for left in range(have + 1)]
            row_src = row[src]
            wheat_src = wheat_if_held(wheat[src], K[src], True)
            for dst in adjacent[src]:
                pd = P[dst]
                k_dst = K[dst]
                row_dst = rows[dst]
                term = row_dst[pd]
                base_sd = base_src - (self.term(dst, pd) if term is None else term)
                threat_sd = threat0 - self.threat_at(dst, pd)
                takes_castle = is_castle[dst] and not k_dst and not pd
                step_gain = row[dst] - row_src
                # R8 (refuse): the counts that keep every territory within the limit.
                most, _kept, whole = move_room(limit0, wheat_src,
                                               wheat_if_held(wheat[dst], k_dst, True),
                                               have, pd, top, src, dst)
                for count, ps, term_ps in options:
                    if (count > most) if ps else whole is None:
                        continue
                    pd2 = pd + count
                    threat_d = self.threat_at(dst, pd2) if k_dst else 0.0
                    term_pd2 = row_dst[pd2]
                    if term_pd2 is None:
                        term_pd2 = self.term(dst, pd2)
                    base = base_sd + term_ps + term_pd2
                    held = held0
                    empties = frees_castle and not ps
                    if empties:
                        held -= 1
                    if takes_castle:
                        held += 1
                    if (empties and is_enemy[src]) or (takes_castle and is_enemy[dst]):
                        advance = self._advance_after(src, ps, dst, pd2)
                    else:
                        advance = adv0 + count * step_gain
                    if src == home:
                        home_cubes = ps
                    elif dst == home:
                        home_cubes = pd2
                    else:
                        home_cubes = P[home]
                    if not home_cubes:
                        value = -LOSS_SCORE
                    elif held == castle_count:
                        value = WIN_SCORE
                    else:
                        value = base - advance
                        threat = threat_sd + threat_d + threat_src[ps]
                        if threat >= 0.5:  # `bot.home_danger`'s memo, read inline
                            attackers = int(threat + 0.5)
                            cost = dangers[home_cubes][
                                attackers if attackers < king_limit else king_limit]
                            value -= danger(threat, home_cubes) if cost is None else cost
                    if value > best_score + EPS:
                        best, best_score = (count, src, dst), value
        return best, best_score

    def _source_options(self, src: int, have: int) -> list[tuple[int, int, float]]:
        """Each count that may leave src, most first: (count, cubes left, src's term
        then). Never empties home."""
        options = []
        for count in range(have, 0, -1):
            ps = have - count
            if not ps and src == self.home:
                continue
            options.append((count, ps, self.term(src, ps)))
        return options

    def _advance_after(self, src: int, ps: int, dst: int, pd2: int) -> float:
        """The advance term after a move that changes the castles still to take."""
        P, K, bit = self.P, self.K, self.bot.target_bit
        # The castles still to take change only in src and dst.
        mask = self.mask & ~(bit[src] | bit[dst])
        if not ps or K[src]:
            mask |= bit[src]
        if not pd2 or K[dst]:
            mask |= bit[dst]
        have, pd = P[src], P[dst]
        P[src], P[dst] = ps, pd2
        advance = _advance_sum(P, self.bot.advance_by_mask[mask])
        P[src], P[dst] = have, pd
        return advance

    def _best_rally(self, best_score: float) -> tuple[int | None, float]:
        """A castle whose rally beats `best_score`, and its score (last of the better)."""
        P, K = self.P, self.K
        home = self.home
        found: int | None = None
        for t in self.bot.castle_order:
            have = P[t]
            if have and not K[t] and limits.rally_fits(self.limit, have):
                base = self.base - self.term(t, have) + self.term(t, have + 1)
                advance = self.advance + self.row[t]
                threat = self.threat  # t is held: no threat part either way
                value = self._total(base, advance, threat, have + 1 if t == home else P[home],
                                    self.held)
                if value > best_score + EPS:
                    found, best_score = t, value
        return found, best_score


def _advance_sum(P: list[int], row: list[float]) -> float:
    """sum(P[t] * row[t]) over the territories in ascending order (the same
    floating-point sum as over `board.numbers`: other indices add 0 * 0.0)."""
    return sum(map(mul, P, row))
