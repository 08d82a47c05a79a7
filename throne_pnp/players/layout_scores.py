"""Greedy's evaluation of many player layouts against one King layout, fast.

The plan search scores every end layout of Player Actions (a few thousand a
decision) with `Evaluation.evaluate(Position(king, layout), False)`. With the
King's cubes and the hand fixed, that score is a sum of one term per
territory (its cubes, wheat, castle and battle odds) less two global terms:
the danger to home (a function of a sum of per-territory threats and of the
cubes on home) and the advance towards the castles still to take (by which
castles those are). So each territory's term and threat are tabulated once
by the player's cube count there, and a layout costs a few table lookups
done in C (`map`) instead of the general evaluation's loop.

The value is the evaluation's own up to float rounding (the same terms,
summed in another order); `tests/test_layout_scores.py` checks it on random
positions.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence

from throne_pnp.players.evaluation import Evaluation
from throne_pnp.players.scores import LOSS_SCORE, WIN_SCORE

_at = list.__getitem__


class LayoutScores:
    """`score(layout)` = `evaluation.evaluate(Position(king, layout), False)`,
    for the hand the evaluation's context holds now (`Evaluation._context`),
    for layouts of at most `most` cubes a territory (the edition's forces when
    larger)."""

    def __init__(self, evaluation: Evaluation, king: Sequence[int], most: int = 0):
        ev = evaluation
        w = ev.w
        board = ev.board
        self.evaluation = ev
        self.home = home = board.home
        forces = max(board.forces, most)  # the largest player count a layout may hold
        self.size = size = ev.size
        terms = [[0.0] * (forces + 1) for _ in range(size)]
        threats = [[0.0] * (forces + 1) for _ in range(size)]
        blocks = [[False] * (forces + 1) for _ in range(size)]  # no win with this count
        for t in ev.numbers:
            k = king[t]
            tw = ev.threat_weight[t]
            for p in range(forces + 1):
                if p and k:
                    q, pcas, kcas = ev.battle(p, k, t, False)
                    value = (w.cube * (p - pcas) - w.king_cube * (k - kcas)
                             + q * ev.wheat_value[t])
                    if t == home:
                        value -= LOSS_SCORE * (1.0 - q)
                    if ev.is_enemy_castle[t]:
                        value += q * w.castle
                    left = k - kcas - ev.guard[t]
                    if tw and t != home and left > 0:
                        threats[t][p] = tw * left * (1.0 - q)
                    blocks[t][p] = True
                elif p:
                    value = w.cube * p + ev.wheat_value[t]
                    if ev.is_enemy_castle[t]:
                        value += w.castle
                else:
                    value = -w.king_cube * k
                    if k and tw:
                        threats[t][0] = tw * (k - ev.guard[t])
                    blocks[t][0] = ev.is_castle[t]
                terms[t][p] = value
        self.terms, self.threats, self.blocks = terms, threats, blocks
        self.home_contested = bool(king[home])
        # Enemy castles with King cubes are still to take whatever the layout.
        self.base_mask = sum(ev.target_bit[c] for c in ev.enemy_castles if king[c])
        self.open_castles = tuple((c, ev.target_bit[c]) for c in ev.enemy_castles if not king[c])

    def score(self, layout: Sequence[int]) -> float:
        """The evaluation of `layout` (the player's cubes by territory number)."""
        home_cubes = layout[self.home]
        if not home_cubes:
            return -LOSS_SCORE
        if not self.home_contested and not any(map(_at, self.blocks, layout)):
            return WIN_SCORE
        score = sum(map(_at, self.terms, layout))
        threat = sum(map(_at, self.threats, layout))
        ev = self.evaluation
        if threat >= 0.5 and not self.home_contested:
            score -= ev.home_danger(threat, home_cubes)
        mask = self.base_mask
        for c, bit in self.open_castles:
            if not layout[c]:
                mask |= bit
        return score - sum(map(operator.mul, layout, ev.advance_by_mask[mask]))
