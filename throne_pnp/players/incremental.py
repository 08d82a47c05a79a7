"""Greedy's evaluation kept up to date move by move: `IncrementalEvaluation`.

The King's cubes do not move during Player Actions (R13), so the evaluation is a sum of
per-territory terms read from rows by the player's cube count, held equal to
`Evaluation.evaluate` (rows without King cubes are the `Evaluation`'s, the others grow).
"""

from __future__ import annotations

import operator
from collections.abc import Sequence

from throne_pnp.players.evaluation import Evaluation
from throne_pnp.players.scores import EPS, LOSS_SCORE, WIN_SCORE
from throne_pnp.rules import actions as act
from throne_pnp.rules import limits
from throne_pnp.rules.actions import Action
from throne_pnp.rules.game import RALLY_COST

_at = list.__getitem__


class IncrementalEvaluation:
    """`Evaluation.evaluate(Position(king, player), False)` for the context's hand, by rows:
    of any layout (`score_layout`) and of one kept up to date (`score`, `best`, `take`)."""

    def __init__(self, evaluation: Evaluation, king: Sequence[int], player: Sequence[int],
                 points: int):
        ev = self.ev = evaluation
        self.numbers, self.home, self.forces = ev.numbers, ev.board.home, ev.board.forces
        self.K = K = tuple(king)
        self.points = points
        facts = ev.king_facts.get(K)
        if facts is None:
            if len(ev.king_facts) > 20_000:
                ev.king_facts.clear()
            facts = ev.king_facts[K] = _king_facts(ev, K)
        self.gives, self.base_mask, self.open_castles, kings = facts
        # Per territory, by the player's cube count: its term, threat to home, win-blocking.
        self.terms, self.blocks = list(ev.free_terms), list(ev.free_blocks)
        self.threats = [ev.no_threat] * len(K)
        for t, k in kings:
            self.terms[t], self.threats[t], self.blocks[t] = _rows_with_king(ev, t, k, player[t])
        self.covered = False  # the King's territories' rows reach only the stacks asked of them
        self.home_open = not K[self.home]  # no battle pends on home
        self.P = list(player)
        self._costs_key: tuple[float, int] | None = None
        self._reset()

    def score_layout(self, layout: Sequence[int]) -> float:
        """The evaluation of `layout` (the player's cubes by territory number)."""
        home_cubes = layout[self.home]
        if not home_cubes:
            return -LOSS_SCORE
        if not self.covered:  # the King's territories' rows for every stack a layout may hold
            ev = self.ev
            most = stack_bound(self.P, self.forces, self.points,
                               limits.limit_ceiling(ev.wheat_places, ev.wheat_of, self.K))
            for t in self.numbers:
                if self.K[t]:
                    _rows_with_king(ev, t, self.K[t], most)
            self.covered = True
        if self.home_open and not any(map(_at, self.blocks, layout)):
            return WIN_SCORE
        mask = self.base_mask
        for c, bit in self.open_castles:
            if not layout[c]:
                mask |= bit
        score = sum(map(_at, self.terms, layout))
        threat = sum(map(_at, self.threats, layout))
        if threat >= 0.5 and self.home_open:  # (as `_total`, inline: thousands a decision)
            score -= self.ev.home_danger(threat, home_cubes)
        return score - sum(map(operator.mul, layout, self.ev.advance_by_mask[mask]))

    def _total(self, base: float, advance: float, threat: float, home_cubes: int,
               blocking: int) -> float:
        if not home_cubes:
            return -LOSS_SCORE
        if not blocking and self.home_open:
            return WIN_SCORE
        if threat >= 0.5 and self.home_open:
            base -= self.ev.home_danger(threat, home_cubes)
        return base - advance

    def _reset(self) -> None:
        """Recompute every running total from the counts `P`."""
        ev, P = self.ev, self.P
        self.mask = self.base_mask | sum([bit for c, bit in self.open_castles if not P[c]])
        self.row = ev.advance_by_mask[self.mask]
        self.base = sum(map(_at, self.terms, P))  # (index 0 and gaps: 0.0 first)
        self.advance = sum(map(operator.mul, P, self.row))
        self.threat = sum(map(_at, self.threats, P))
        self.blocking = sum(map(_at, self.blocks, P))
        self.limit = limits.player_limit(ev.wheat_places, ev.wheat_of, P, self.K, True)  # R8
        self.on_map = sum(P)

    def score(self) -> float:
        return self._total(self.base, self.advance, self.threat, self.P[self.home], self.blocking)

    def take(self, action: Action) -> None:
        """Carry out the chosen action on the running totals (only its territories
        change; a move that changes the castles still to take recomputes all)."""
        P, terms, threats, blocks = self.P, self.terms, self.threats, self.blocks
        if action.kind == "rally":
            t = action.args[0]
            have = P[t]
            P[t] = have + 1
            self.base += terms[t][have + 1] - terms[t][have]
            self.advance += self.row[t]
            self.on_map += 1
            return  # t was held already: the threat, limit and win stay
        count, src, dst = action.args
        have, pd = P[src], P[dst]
        ps, pd2 = have - count, pd + count
        bit = self.ev.target_bit
        if self.K[dst]:
            _rows_with_king(self.ev, dst, self.K[dst], pd2)
        P[src], P[dst] = ps, pd2
        if (bit[src] and not ps) or (bit[dst] and not pd):
            self._reset()  # the castles still to take may change
            return
        self.base += (terms[src][ps] - terms[src][have] + terms[dst][pd2] - terms[dst][pd])
        self.advance += count * (self.row[dst] - self.row[src])
        self.threat += (threats[src][ps] - threats[src][have]
                        + threats[dst][pd2] - threats[dst][pd])
        self.blocking += (blocks[src][ps] - blocks[src][have] + blocks[dst][pd2] - blocks[dst][pd])
        self.limit = limits.player_limit(self.ev.wheat_places, self.ev.wheat_of, P, self.K, True)

    def best(self, cp: int) -> tuple[Action | None, float]:
        """The best legal action and its score (a move, or a rally that `cp` pays for)."""
        best, best_score = self._best_move()
        best_action = act.move(*best) if best else None
        if cp >= RALLY_COST and self.on_map < self.forces:
            rally, score = self._best_rally(best_score)
            if rally is not None:
                best_action, best_score = act.rally(rally), score
        return best_action, best_score

    def _home_costs(self) -> tuple[float, list[float]]:
        """The home danger while the threat stays (no King cubes at either end of a move):
        now, and folded into home's term row by its cubes (per threat and cubes on the map)."""
        key = (self.threat, self.on_map)
        if key != self._costs_key:
            ev, threat = self.ev, self.threat
            top = min(self.on_map, ev.stack_cap) + 1
            costs = ev.no_threat
            if threat >= 0.5 and self.home_open:  # `dangers`' row for these attackers
                costs = ev.dangers[min(int(threat + 0.5), ev.king_limit)]
                if None in costs[:top]:
                    for h in range(1, top):
                        ev.home_danger(threat, h)
            self._costs_key = key
            self._costs = costs, list(map(operator.sub, self.terms[self.home], costs[:top]))
        costs, home_row = self._costs
        return costs[self.P[self.home]], home_row

    def _best_move(self) -> tuple[tuple[int, int, int] | None, float]:
        """The best (count, src, dst) move within the limit and its score (the first of equals;
        never one that empties home; R8 asked of the moves that would be the best so far)."""
        ev, P, K, home = self.ev, self.P, self.K, self.home
        terms, threats, blocks = self.terms, self.threats, self.blocks
        adjacent, bit, row, home_open = ev.neighbours, ev.target_bit, self.row, self.home_open
        base0, threat0, blocking0, adv0 = self.base, self.threat, self.blocking, self.advance
        dangers, danger, king_limit, cap = ev.dangers, ev.home_danger, ev.king_limit, ev.stack_cap
        at_home = P[home]
        # A move between territories without King cubes that takes or frees no castle
        # to take leaves the threat to home, and wins nothing unless all is held now.
        calm = at_home and not (home_open and not blocking0)
        cost0, home_row = self._home_costs() if calm else (0.0, ())
        fits = self._fits
        best: tuple[int, int, int] | None = None
        best_score = -LOSS_SCORE - 1.0
        for src in self.numbers:
            have = P[src]
            if not have:
                continue
            k_src = K[src]
            terms_src, threats_src, blocks_src = terms[src], threats[src], blocks[src]
            base_src = base0 - terms_src[have]
            frees_target = bit[src] and not k_src  # emptied, src is a castle to take again
            calm_src = calm and not (k_src or frees_target)
            ts = home_row if calm_src and src == home else terms_src
            top = have - 1 if src == home else have
            for dst in adjacent[src]:
                pd, k_dst = P[dst], K[dst]
                counts = range(top if pd + top <= cap else cap - pd, 0, -1)
                terms_dst = terms[dst]
                step_gain = row[dst] - row[src]
                takes_target = bit[dst] and not pd and not k_dst
                if calm_src and not (k_dst or takes_target):
                    td = terms_dst
                    c = base_src - terms_dst[pd] - adv0
                    if src == home or dst == home:
                        td = home_row if dst == home else td
                    else:
                        c -= cost0
                    for count in counts:
                        value = c + ts[have - count] + td[pd + count] - count * step_gain
                        if value > best_score + EPS and fits(count, src, dst):
                            best, best_score = (count, src, dst), value
                    continue
                if k_dst and pd + top >= len(terms_dst):  # battle odds on first need
                    _rows_with_king(ev, dst, k_dst, pd + top)
                blocks_dst, threats_dst = blocks[dst], threats[dst]
                base_sd = base_src - terms_dst[pd]
                threat_sd = threat0 - threats_dst[pd]
                now = threats_src[have]
                may_win = home_open and not (blocking0 - blocks_src[have] - blocks_dst[pd])
                for count in counts:
                    ps = have - count
                    pd2 = pd + count
                    home_cubes = ps if src == home else pd2 if dst == home else at_home
                    if not home_cubes:
                        value = -LOSS_SCORE
                    elif may_win and not (blocks_src[ps] + blocks_dst[pd2]):
                        value = WIN_SCORE
                    else:
                        base = base_sd + terms_src[ps] + terms_dst[pd2]
                        threat = threat_sd + threats_dst[pd2] + (threats_src[ps] - now)
                        if threat >= 0.5 and home_open:  # `ev.home_danger`'s memo, inline
                            attackers = int(threat + 0.5)
                            cost = dangers[attackers if attackers < king_limit
                                           else king_limit][home_cubes]
                            base -= danger(threat, home_cubes) if cost is None else cost
                        value = base - (self._advance_after(src, ps, dst, pd2)
                                        if (frees_target and not ps) or takes_target
                                        else adv0 + count * step_gain)
                    if value > best_score + EPS and fits(count, src, dst):
                        best, best_score = (count, src, dst), value
        return best, best_score

    def _fits(self, count: int, src: int, dst: int) -> bool:
        """Whether R8 lets `count` cubes move from src to dst (`limits.move_room`)."""
        P = self.P
        most, _kept, whole = limits.move_room(self.limit, self.gives[src], self.gives[dst],
                                              P[src], P[dst], P)
        return count <= most if count < P[src] else whole is not None

    def _advance_after(self, src: int, ps: int, dst: int, pd2: int) -> float:
        """The advance term after a move that changes the castles still to take."""
        P, bit = self.P, self.ev.target_bit
        have, pd = P[src], P[dst]
        mask = (self.mask | (bit[src] if not ps else 0)) & ~(bit[dst] if not pd else 0)
        P[src], P[dst] = ps, pd2
        advance = sum(map(operator.mul, P, self.ev.advance_by_mask[mask]))
        P[src], P[dst] = have, pd
        return advance

    def _best_rally(self, best_score: float) -> tuple[int | None, float]:
        """A castle whose rally beats `best_score`, and its score (last of the better)."""
        P, K, terms = self.P, self.K, self.terms
        home = self.home
        found: int | None = None
        for t in self.ev.castle_order:
            have = P[t]
            if have and not K[t] and limits.rally_fits(self.limit, have):
                base = self.base - terms[t][have] + terms[t][have + 1]
                value = self._total(base, self.advance + self.row[t], self.threat,
                                    have + 1 if t == home else P[home], self.blocking)
                if value > best_score + EPS:
                    found, best_score = t, value
        return found, best_score


def stack_bound(player: Sequence[int], forces: int, points: int, ceiling: int) -> int:
    """The largest stack a layout reached from `player` with `points` can hold (R8)."""
    on_map = sum(player)
    reach = on_map if on_map >= forces else min(forces, on_map + points // RALLY_COST)
    return max(max(player), min(reach, ceiling))


def _king_facts(ev: Evaluation, K: tuple[int, ...]) -> tuple:
    """What the King's cubes `K` fix for every layout: the wheat each territory adds to the
    limit while the player has cubes there (R7), the enemy castles still to take whatever
    the layout (a bit mask), the others with their bits, and the King's territories."""
    bit = ev.target_bit
    return ([limits.wheat_if_held(w, k, True) for w, k in zip(ev.wheat_of, K, strict=True)],
            sum([bit[c] for c in ev.enemy_castles if K[c]]),
            tuple((c, bit[c]) for c in ev.enemy_castles if not K[c]),
            tuple((t, K[t]) for t in ev.numbers if K[t]))


def _rows_with_king(ev: Evaluation, t: int, k: int,
                    most: int) -> tuple[list[float], list[float], list[bool]]:
    """Territory t's rows with k King cubes there, grown as longer ones are asked for."""
    rows = ev.territory_rows.get((t, k))
    tw = ev.threat_weight[t]
    if rows is None:
        rows = ev.territory_rows[(t, k)] = (
            [-ev.w.king_cube * k], [tw * (k - ev.guard[t]) if tw else 0.0], [ev.is_castle[t]])
    terms, threats, blocks = rows
    w, home = ev.w, ev.board.home
    for p in range(len(terms), most + 1):
        q, pcas, kcas = ev.battle(p, k, t, False)
        value = w.cube * (p - pcas) - w.king_cube * (k - kcas) + q * ev.wheat_value[t]
        if t == home:
            value -= LOSS_SCORE * (1.0 - q)
        if ev.is_enemy_castle[t]:
            value += q * w.castle
        terms.append(value)
        left = k - kcas - ev.guard[t]
        threats.append(tw * left * (1.0 - q) if tw and t != home and left > 0 else 0.0)
        blocks.append(True)
    return rows
