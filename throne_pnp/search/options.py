"""The candidates of a decision the game asks of the player: each card that could be in the
hand, each place to withdraw, and for Player Actions the most promising end layouts (`plans`),
with greedy's own plan and stopping at once.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from throne_pnp.players.bots import GreedyBot
from throne_pnp.players.incremental import IncrementalEvaluation
from throne_pnp.rules import actions as act
from throne_pnp.rules.actions import Action
from throne_pnp.rules.game import Game
from throne_pnp.search.plans import Narrow, Walk, layout_of, walk

DECISIONS = ("card", "battle", "withdraw", "actions")
# Plans kept for rollouts, best first (greedy's own plan and `done` now are added).
PLAN_SHORTLIST = 6


@dataclass(frozen=True)
class Option:
    """One choice: the actions it applies now (a plan ends with `done`), and
    for a card the player may not hold in an untold hand, that card."""

    actions: tuple[Action, ...]
    card: int | None = None

    @property
    def commands(self) -> list[str]:
        return [a.text() for a in self.actions]


def normalise(game: Game, actions: tuple[Action, ...]) -> Option:
    """The option for a choice as played: a Player Actions plan becomes the
    walk's own sequence to the same end layout (one layout, one option)."""
    first = actions[0]
    if first.kind in ("move", "rally", "done"):
        return Option(_cheapest(game, actions, walk(game)))
    card = first.args[0] if first.kind in ("card", "battle") else None
    return Option(actions, card=card if card is not None and card not in game.hand else None)


def decision_of(game: Game) -> str | None:
    """The decision due now, or None when the player has none to make."""
    kind = game.need().kind
    return kind if kind in DECISIONS else None


def candidates(game: Game, policy: GreedyBot, shortlist: int = PLAN_SHORTLIST,
               include: tuple[Action, ...] | None = None,
               narrow: tuple[int, int] | None = None) -> list[Option]:
    """The options of the decision due now; `include`: a choice that must be
    among them; `narrow` = (depth, width): the plan walk's `plans.Narrow`."""
    need = game.need()
    kind = need.kind
    if kind in ("card", "battle"):
        make = act.card if kind == "card" else act.battle
        return [Option((make(c),), card=c if c not in game.hand else None)
                for c in game.hand_candidates()]
    if kind == "withdraw":
        return [Option((act.withdraw(t),)) for t in need.options]
    if kind == "actions":
        return _plan_options(game, policy, shortlist, include, narrow)
    return []


def _plan_options(game: Game, policy: GreedyBot, shortlist: int,
                  include: tuple[Action, ...] | None,
                  narrow: tuple[int, int] | None) -> list[Option]:
    policy._context(game)
    scores = IncrementalEvaluation(policy, layout_of(game.board, game.position.king),
                                   layout_of(game.board, game.position.player),
                                   game.command_points)
    if narrow is None:
        found = walk(game)
        score = scores.score_layout
    else:  # the narrowed walk scores many layouts on the way: score each once
        memo: dict[tuple[int, ...], float] = {}

        def score(layout: tuple[int, ...]) -> float:
            value = memo.get(layout)
            if value is None:
                value = memo[layout] = scores.score_layout(layout)
            return value

        found = walk(game, Narrow(*narrow, score))
    chosen = [found.actions(found.index(layout))
              for layout in heapq.nlargest(shortlist, found.layouts, key=score)]
    # `done` now (the walk's first layout), then greedy's own plan
    extra = [found.actions(0), _cheapest(game, tuple(policy.plan_actions(game)), found)]
    if include is not None:
        extra.append(include)
    for actions in extra:
        if actions not in chosen:
            chosen.append(actions)
    return [Option(actions) for actions in chosen]


def _cheapest(game: Game, actions: tuple[Action, ...], found: Walk) -> tuple[Action, ...]:
    """The walk's own sequence to the layout `actions` end in, else `actions` itself."""
    twin = game.copy()
    for a in actions:
        if a.kind == "done":
            break
        twin.apply(a)
    at = found.index(layout_of(game.board, twin.position.player))
    return found.actions(at) if at is not None else actions
