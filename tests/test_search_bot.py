"""The search bot's decision rule: the plan-search player's choice unless the
rollouts beat it by more than their noise."""

from __future__ import annotations

import random

import pytest
from test_search_plans import at_actions

from throne_pnp.search import bot as search_bot
from throne_pnp.search.bot import PlannerBot, SearchBot, default_option, switch_margin
from throne_pnp.search.options import candidates
from throne_pnp.search.ranking import Ranking, Scored


def position():
    """Issue #16's Player Actions: 5 points, you 2 in 1, King {3: 2, 5: 1, 7: 2, 9: 3}."""
    return at_actions({3: 2, 5: 1, 7: 2, 9: 3}, {1: 2})


def test_the_margin_shrinks_with_the_rollouts():
    margins = [switch_margin(n) for n in (1, 4, 16, 64, 256)]
    assert margins == sorted(margins, reverse=True)
    assert switch_margin(16) == pytest.approx(search_bot.SWITCH_Z * 0.5 / 4)
    assert switch_margin(0) == switch_margin(1)


def test_the_default_for_actions_is_the_planners_plan():
    g = position()
    options = candidates(g, search_bot._greedy())
    assert default_option(g, options, search_bot._greedy(), random.Random(1)).actions == \
        tuple(PlannerBot().plan_actions(g))


@pytest.mark.parametrize("lead, switches", [(0.05, False), (0.30, True)])
def test_another_option_is_played_only_when_clearly_ahead(monkeypatch, lead, switches):
    """With 16 rollouts each the margin is 0.19: a lead of 0.05 keeps the
    default, a lead of 0.30 plays the rollouts' best."""
    g = position()
    options = candidates(g, search_bot._greedy())
    default = default_option(g, options, search_bot._greedy(), random.Random(1))
    other = next(o for o in options if o != default)
    seen = {}

    def fake_rank(game, budget, seed, jobs, options, horizon, include):
        seen["include"] = include
        ahead = Scored(other, wins=16 * (0.5 + lead), samples=16, rounds=3)
        kept = Scored(include, wins=8, samples=16, rounds=3)
        return Ranking("actions", [ahead, kept], seed, budget)

    monkeypatch.setattr(search_bot, "rank", fake_rank)
    chosen = SearchBot(budget=32).decide(g, random.Random(1))
    assert seen["include"] == default  # the default is always ranked, never dropped
    assert tuple(chosen) == (other.actions if switches else default.actions)
