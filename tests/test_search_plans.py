"""The search's building blocks against the full engine: the plan walk, the
fork, the seeded dealer."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from throne_pnp.content import load_content
from throne_pnp.rules import actions as act
from throne_pnp.rules.board import board_for
from throne_pnp.rules.game import MOVE_COST, RALLY_COST, Game
from throne_pnp.rules.position import Position, check_position
from throne_pnp.search.dealer import Dealer
from throne_pnp.search.fork import determinise
from throne_pnp.search.plans import Narrow, _walk_engine, walk
from throne_pnp.sim.simulate import normal_ids

BOARD = board_for(load_content(None))


def at_actions(king: dict[int, int], player: dict[int, int], points: int = 5,
               cards: list[int] | None = None) -> Game:
    """A game at Player Actions with this position and command points (the
    first phase card, 16, woke the King towards the wheat; the position is
    then set as given, as a `fix` would); `cards`: the deck, else the normal cards."""
    g = Game(BOARD, cards or normal_ids(BOARD))
    for c in (16, 1, 2, 3, 4):
        g.apply(act.deal(c))
    g.apply(act.card(16))
    while g.need().kind == "deal":
        g.apply(act.deal(g.deal_candidates()[0]))
    while g.need().kind == "battle":
        g.apply(act.battle(g.hand_candidates()[0]))
        while g.need().kind in ("deal", "withdraw"):
            g.apply(g.legal_actions()[0])
    assert g.need().kind == "actions"
    g.position = Position.from_counts(BOARD, king, player)
    g.command_points = points
    return g


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.data())
def test_walk_on_counts_matches_the_engine(data):
    """Every end layout the fast walk finds, the engine's own walk finds, and
    each plan's commands, applied by the engine, end exactly there."""
    rng = random.Random(data.draw(st.integers(0, 10**6)))
    for _ in range(50):
        king = {t: rng.randint(0, 2) for t in BOARD.numbers if t != 1 and rng.random() < 0.4}
        player = {1: rng.randint(1, 2)}
        for t in rng.sample(BOARD.numbers, 2):
            if t not in king:
                player[t] = player.get(t, 0) + 1
        pos = Position.from_counts(BOARD, king, player)
        if check_position(BOARD, pos) is None:
            break
    else:
        return
    g = at_actions(king, player, rng.randint(1, 5))
    fast = walk(g)
    assert set(fast.layouts) == set(_walk_engine(g).layouts)
    for i in range(0, len(fast.layouts), max(1, len(fast.layouts) // 15)):
        layout, actions = fast.layouts[i], fast.actions(i)
        twin = g.copy()
        for a in actions[:-1]:
            twin.apply(a)
        assert tuple(twin.position.player[t] if t in BOARD.adjacent else 0
                     for t in range(len(layout))) == layout
        assert actions[-1] == act.DONE


def _layers(found) -> list[int]:
    """Each layout's command points spent on the walk's own way to it."""
    spent = [0] * len(found.layouts)
    for i in range(1, len(found.layouts)):
        kind, _args = found.steps[i]
        spent[i] = spent[found.parent[i]] + (MOVE_COST if kind == "move" else RALLY_COST)
    return spent


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.integers(0, 10**6), st.integers(0, 4), st.integers(1, 40))
def test_a_narrowed_walk_is_the_full_walk_pruned_by_its_scores(seed, depth, width):
    """The narrowed walk finds only reachable layouts (each plan replays on the
    engine to its layout); it finds every layout within `depth` points; past
    that it walks on from no more than `width` layouts a layer, the best by the
    score; and a width no layer exceeds gives the full walk."""
    rng = random.Random(seed)
    king = {t: rng.randint(0, 3) for t in (3, 5, 7, 9) if rng.random() < 0.7}
    player = {1: rng.randint(1, 3), 2: rng.randint(0, 2), 4: rng.randint(0, 2)}
    g = at_actions(king, player, 5)
    weights = [rng.random() for _ in range(10)]

    def score(layout):
        return sum(w * n for w, n in zip(weights, layout, strict=True))

    full = walk(g)
    narrow = walk(g, Narrow(depth, width, score))
    assert set(narrow.layouts) <= set(full.layouts)
    full_spent = dict(zip(full.layouts, _layers(full), strict=True))
    spent = _layers(narrow)
    for i, lay in enumerate(narrow.layouts):
        if i % 7 == 0:
            twin = g.copy()
            for a in narrow.actions(i)[:-1]:
                twin.apply(a)
            assert tuple(twin.position.player[t] if t in BOARD.adjacent else 0
                         for t in range(len(lay))) == lay
    near = {lay for lay, n in full_spent.items() if n <= depth}
    assert near <= set(narrow.layouts)
    walked_from = [narrow.parent[i] for i in range(1, len(narrow.layouts))]
    for layer in range(depth, 5):
        parents = {p for p in walked_from if spent[p] == layer}
        assert len(parents) <= width
        at_layer = [i for i, n in enumerate(spent) if n == layer]
        if parents and len(at_layer) > width:
            cut = sorted((score(narrow.layouts[i]) for i in at_layer), reverse=True)[width - 1]
            assert all(score(narrow.layouts[p]) >= cut for p in parents)
    wide = walk(g, Narrow(0, len(full.layouts), score))
    assert wide.layouts == full.layouts


def test_the_walk_finds_a_plan_whose_first_step_looks_bad():
    """Issue #16's example: 5 points, you 2 in 1, King {3: 2, 5: 1, 7: 2, 9: 3}:
    `move 1 1 2`, `rally 1`, `rally 1` is reachable (greedy never tries it)."""
    g = at_actions({3: 2, 5: 1, 7: 2, 9: 3}, {1: 2})
    found = walk(g)
    target = tuple([0, 3, 1] + [0] * 7)
    assert found.index(target) is not None
    assert len(found.actions(found.index(target))) == 4  # three commands and done


def test_fork_is_independent_and_equal():
    g = at_actions({3: 2, 7: 2, 9: 2}, {1: 2})
    twin = g.copy()
    assert twin.snapshot() == g.snapshot()
    twin.apply(act.move(1, 1, 2))
    assert g.position.player[2] == 0 and twin.position.player[2] == 1
    assert g.snapshot() != twin.snapshot()


def test_determinise_fills_an_untold_hand_from_the_unseen_cards():
    g = Game(BOARD, normal_ids(BOARD), physical=True)
    assert g.hand_hidden == 5
    twin = determinise(g, random.Random(3), must_hold=7)
    assert twin.hand_hidden == 0 and len(twin.hand) == 5 and 7 in twin.hand
    assert not set(twin.hand) & twin.unseen
    assert len(twin.unseen) == twin.deck_count
    assert g.hand_hidden == 5  # the original is untouched


def test_dealer_deals_legal_cards_and_pairs_two_players():
    """Two games on one seed see the same first cards whatever is played; each
    deal is a legal card."""
    firsts = []
    for choice in (0, -1):
        g = Game(BOARD, normal_ids(BOARD))
        dealer = Dealer("pair")
        seen = []
        while len(seen) < 9 and g.outcome is None:
            if g.need().kind == "deal":
                card = dealer.deal(g)
                assert card in g.deal_candidates()
                seen.append(card)
                g.apply(act.deal(card))
            else:
                legal = g.legal_actions()
                g.apply(legal[choice] if g.need().kind != "actions" else act.DONE)
        firsts.append(seen)
    assert firsts[0][:6] == firsts[1][:6]


def test_dealer_is_uniform_over_the_first_card():
    counts: dict[int, int] = {}
    for s in range(1800):
        g = Game(BOARD, normal_ids(BOARD))
        c = Dealer(s).deal(g)
        counts[c] = counts.get(c, 0) + 1
    assert set(counts) == set(normal_ids(BOARD))
    assert max(counts.values()) < 150 and min(counts.values()) > 50  # 100 expected each
