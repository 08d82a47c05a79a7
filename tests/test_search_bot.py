"""The search bot's decision rule: the plan-search player's choice unless the
rollouts beat it by more than their noise."""

from __future__ import annotations

import random

import pytest
from test_search_plans import at_actions

from throne_pnp.search import bot as search_bot
from throne_pnp.search.bot import PlannerBot, SearchBot, default_option, switches
from throne_pnp.search.options import candidates
from throne_pnp.search.ranking import Ranking, Scored


def position():
    """Issue #16's Player Actions: 5 points, you 2 in 1, King {3: 2, 5: 1, 7: 2, 9: 3}."""
    return at_actions({3: 2, 5: 1, 7: 2, 9: 3}, {1: 2})


def scored(values: list[float]) -> Scored:
    return Scored(None, wins=sum(values), rounds=3,  # type: ignore[arg-type]
                  values=list(values))


def test_a_switch_needs_a_lead_on_the_same_rollouts():
    """The lead is measured rollout by rollout: a steady lead of 0.1 over 16
    shared rollouts switches; the same mean made of opposite swings does not;
    equal results never do."""
    base = [0.2, 0.9, 0.5, 0.4] * 4
    assert switches(scored([v + 0.1 for v in base]), scored(base))
    swings = [v + (0.6 if i % 2 else -0.4) for i, v in enumerate(base)]
    assert not switches(scored(swings), scored(base))
    assert not switches(scored(base), scored(base))


def test_the_spread_floor_and_the_least_rollouts():
    """With every difference equal the spread is taken as MIN_SPREAD: over 16
    rollouts a lead must pass 1.5 x 0.05 / 4 = 0.019; and two rollouts are
    never enough."""
    base = [0.5] * 16
    assert search_bot.SWITCH_Z * search_bot.MIN_SPREAD / 4 == pytest.approx(0.01875)
    assert not switches(scored([0.51] * 16), scored(base))
    assert switches(scored([0.53] * 16), scored(base))
    assert not switches(scored([1.0, 1.0]), scored([0.0, 0.0]))
    assert switches(scored([1.0] * 3), scored([0.0] * 3))


def test_only_the_shared_rollouts_count():
    """An option kept longer by the halving has more rollouts; only the indices
    both have are compared."""
    kept = scored([0.5] * 4)
    ahead = scored([0.5] * 4 + [1.0] * 12)
    assert not switches(ahead, kept)


def test_the_default_for_actions_is_the_planners_plan():
    g = position()
    options = candidates(g, search_bot._greedy())
    assert default_option(g, options, search_bot._greedy(), random.Random(1)).actions == \
        tuple(PlannerBot().plan_actions(g))


@pytest.mark.parametrize("lead, switched", [(0.0, False), (0.30, True)])
def test_another_option_is_played_only_when_clearly_ahead(monkeypatch, lead, switched):
    """A lead of 0.30 on 16 rollouts (each 0.5 or so) plays the rollouts' best;
    no lead keeps the default."""
    g = position()
    options = candidates(g, search_bot._greedy())
    default = default_option(g, options, search_bot._greedy(), random.Random(1))
    other = next(o for o in options if o != default)
    seen = {}

    def fake_rank(game, budget, seed, jobs, options, horizon, include):
        seen["include"] = include
        base = [0.3, 0.7] * 8
        ahead = Scored(other, wins=sum(base) + 16 * lead, rounds=3,
                       values=[v + lead for v in base])
        kept = Scored(include, wins=8, rounds=3, values=base)
        return Ranking("actions", [ahead, kept], seed, budget)

    monkeypatch.setattr(search_bot, "rank", fake_rank)
    chosen = SearchBot(budget=32).decide(g, random.Random(1))
    assert seen["include"] == default  # the default is always ranked, never dropped
    assert tuple(chosen) == (other.actions if switched else default.actions)


def test_the_expert_is_the_hint_follower_and_search_the_sweep_bot():
    from throne_pnp.sim.simulate import make_bot

    expert = make_bot("expert")
    assert isinstance(expert, search_bot.HintFollower)
    assert expert.budget == search_bot.HINT_BUDGET > search_bot.SWEEP_BUDGET
    assert make_bot("search").budget == search_bot.SWEEP_BUDGET
    assert make_bot("expert", 5).budget == 5 and make_bot("search", 5).budget == 5


def test_the_expert_plays_what_the_hint_puts_first():
    """The hint-follower's choice is the hint's first (the same budget, horizon and seed,
    whatever the processes), at a phase card and at Player Actions alike."""
    from throne_pnp.assistant.advice import hint

    g = position()
    for game in (g, _at_card()):
        shown = hint(game, budget=60, jobs=2)
        first = shown["options"][0]["commands"]
        chosen = search_bot.HintFollower(budget=60).decide(game, random.Random(1))
        assert [a.text() for a in chosen] == [c.removeprefix("throne ") for c in first]


def _at_card():
    from throne_pnp.content import load_content
    from throne_pnp.rules.board import board_for
    from throne_pnp.rules.game import Game
    from throne_pnp.sim.simulate import normal_ids

    board = board_for(load_content())
    game = Game(board, normal_ids(board))
    while game.need().kind != "card":
        game.apply(game.legal_actions()[0])
    return game


def test_a_lone_legal_move_is_played_without_a_search(monkeypatch):
    g = _at_card()
    only = g.legal_actions()[:1]
    monkeypatch.setattr(g, "legal_actions", lambda: only)
    monkeypatch.setattr(search_bot, "rank", lambda *a, **k: pytest.fail("searched"))
    monkeypatch.setattr(search_bot.GreedyBot, "decide", lambda self, game, rng: list(only))
    assert search_bot.HintFollower().decide(g, random.Random(1)) == only
