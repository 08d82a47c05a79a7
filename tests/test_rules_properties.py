
"""Property tests: random maps, positions and games keep the engine's invariants."""

import dataclasses
import random

import yaml
from boards import card, make_board
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from throne_pnp.content import load_content
from throne_pnp.narrator.words import king_json
from throne_pnp.rules.battle import WithdrawalChoice, resolve_battle
from throne_pnp.rules.board import board_for
from throne_pnp.rules.game import S_DRAWS, S_KING_BATTLES, Game, replay
from throne_pnp.rules.king import resolve_king
from throne_pnp.rules.position import KING, PLAYER, Position, player_limit

ACTIONS = ["rally", "move-castle", "move-wheat", "move-player"]


@st.composite
def maps(draw):
    """A connected random map of 3-9 territories with random symbols."""
    n = draw(st.integers(3, 9))
    edges = {(draw(st.integers(1, i - 1)), i) for i in range(2, n + 1)}  # a spanning tree
    extra = draw(st.lists(st.tuples(st.integers(1, n), st.integers(1, n)), max_size=n))
    edges |= {(min(a, b), max(a, b)) for a, b in extra if a != b}
    adjacent = {i: tuple(b for a, b in edges if a == i) for i in range(1, n + 1)}
    castles = tuple(draw(st.sets(st.integers(1, n), min_size=1, max_size=4)))
    counts = st.dictionaries(st.integers(1, n), st.integers(0, 3))
    limit = draw(st.integers(2, 5))
    return make_board(adjacent, castles=castles, wheat=draw(counts), bugles=draw(counts),
                      shields=draw(counts), forces=10, king_limit=limit)


@st.composite
def positions(draw, board):
    king = {t: draw(st.integers(0, board.king_limit)) for t in board.numbers}
    while sum(king.values()) > board.forces:
        t = max(king, key=king.get)
        king[t] -= 1
    player = {t: draw(st.integers(0, 3)) for t in board.numbers}
    while sum(player.values()) > board.forces:
        t = max(player, key=player.get)
        player[t] -= 1
    return Position.from_counts(board, king, player)


@st.composite
def map_and_position(draw):
    board = draw(maps())
    return board, draw(positions(board))


def mirror_board(board):
    n = max(board.numbers) + 1
    m = {t: n - t for t in board.numbers}
    return make_board({m[t]: tuple(m[x] for x in adj) for t, adj in board.adjacent.items()},
                      castles=tuple(m[c] for c in board.castles),
                      wheat={m[t]: v for t, v in board.wheat.items()},
                      bugles={m[t]: v for t, v in board.bugles.items()},
                      shields={m[t]: v for t, v in board.shields.items()},
                      forces=board.forces, king_limit=board.king_limit), m


def mirror_pos(board, position, m):
    return Position.from_counts(board, {m[t]: v for t, v in position.king.items()},
                                {m[t]: v for t, v in position.player.items()})


@settings(max_examples=150, deadline=None)
@given(map_and_position(), st.lists(st.sampled_from(ACTIONS), min_size=1, max_size=2),
       st.booleans())
def test_king_action_conserves_cubes_and_respects_limits(mp, actions, rising):
    board, start = mp
    before = start.copy()
    result = resolve_king(board, start, actions, "rising" if rising else "falling")
    after = result.position
    assert start == before  # the input is never changed
    rallied = sum(s.count for s in result.steps if s.kind == "rally")
    assert after.on_map(KING) == start.on_map(KING) + rallied <= max(board.forces,
                                                                     start.on_map(KING))
    assert after.player == start.player
    assert all(0 <= after.king[t] <= board.king_limit for t in board.numbers)
    assert result.battles == after.contested(board.order(rising))
    for step in result.steps:
        if step.kind == "move":
            assert step.dst in board.adjacent[step.src] and step.count > 0


def replace_rulings(board, **switches):
    """The same board under other rulings (a fresh Board, so fresh memos)."""
    return dataclasses.replace(board, rulings=dataclasses.replace(board.rulings, **switches))


@settings(max_examples=100, deadline=None)
@given(map_and_position(), st.sampled_from(ACTIONS), st.booleans())
def test_mirrored_numbering_swaps_rising_and_falling(mp, action, rising):
    board, start = mp
    mboard, m = mirror_board(board)
    original = resolve_king(board, start, [action], "rising" if rising else "falling")
    mirrored = resolve_king(mboard, mirror_pos(mboard, start, m), [action],
                            "falling" if rising else "rising")
    assert mirrored.position == mirror_pos(mboard, original.position, m)
    assert [(m[s.src], m[s.dst], s.count) for s in original.steps if s.kind == "move"] == \
        [(s.src, s.dst, s.count) for s in mirrored.steps if s.kind == "move"]
    assert [m[t] for t in original.battles] == mirrored.battles


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(map_and_position(), st.integers(0, 3), st.integers(0, 3), st.integers(0, 3),
       st.integers(0, 3), st.integers(0, 3), st.integers(0, 3), st.booleans(), st.booleans())
def test_battles_never_create_cubes_or_break_limits(mp, pb, ps, ph, kb, ks, kh, defend, up):
    board, start = mp
    contested = start.contested(board.numbers)
    if not contested:
        return
    t = contested[0]
    defender = PLAYER if defend else KING
    pcard = card(1, bugles=pb, swords=ps, shields=ph)
    kcard = card(2, bugles=kb, swords=ks, shields=kh, priority="rising" if up else "falling")
    try:
        r = resolve_battle(board, start, t, defender, pcard, kcard)
    except WithdrawalChoice as choice:
        r = resolve_battle(board, start, t, defender, pcard, kcard, choice.options[-1])
    after = r.position
    assert after.on_map(KING) <= start.on_map(KING)
    assert after.on_map(PLAYER) <= start.on_map(PLAYER)
    assert not (after.king[t] and after.player[t])
    assert all(v >= 0 for v in (*after.king.values(), *after.player.values()))
    assert all(v <= board.king_limit for v in after.king.values())
    limit = player_limit(board, after, defender)
    assert all(v <= limit for v in after.player.values())
    assert r.casualties[PLAYER] <= start.king[t] and r.casualties[KING] <= start.player[t]


def test_results_do_not_depend_on_yaml_key_order(tmp_path):
    content = load_content()
    src = content.directory
    data = yaml.safe_load((src / "map.yaml").read_text())
    shuffled = dict(reversed(list(data["territories"].items())))
    for terr in shuffled.values():
        terr["adjacent"] = list(reversed(terr["adjacent"]))
    data["territories"] = shuffled
    data = dict(reversed(list(data.items())))
    (tmp_path / "map.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    (tmp_path / "cards.yaml").write_text((src / "cards.yaml").read_text())
    other = load_content(tmp_path)
    b1, b2 = board_for(content), board_for(other)
    rng = random.Random(3)
    for _ in range(40):
        king = {t: rng.randint(0, 2) for t in b1.numbers}
        player = {t: rng.randint(0, 1) for t in b1.numbers}
        for action in ACTIONS:
            for priority in ("rising", "falling"):
                r1 = resolve_king(b1, Position.from_counts(b1, king, player), [action],
                                  priority)
                r2 = resolve_king(b2, Position.from_counts(b2, king, player), [action],
                                  priority)
                assert king_json(r1, b1) == king_json(r2, b2)


def play_random(board, cards, seed, physical, max_steps=400):
    """A random game that avoids emptying home, checking invariants after every action."""
    rng = random.Random(seed)
    game = Game(board, cards, physical)
    snapshots = [game.snapshot()]
    total_cards = len(cards)
    for _ in range(max_steps):
        if game.outcome is not None:
            break
        legal = game.legal_actions()
        assert legal, game.need()
        safe = [a for a in legal if not (a.kind == "move" and a.args[1] == board.home
                                          and a.args[0] == game.position.player[board.home])]
        game.apply(rng.choice(safe or legal))
        p = game.position
        assert p.on_map(KING) <= board.forces and p.on_map(PLAYER) <= board.forces
        assert all(v >= 0 for v in (*p.king.values(), *p.player.values()))
        assert all(v <= board.king_limit for v in p.king.values())
        side = PLAYER if game.stage in (S_DRAWS, S_KING_BATTLES) else KING
        limit = player_limit(board, p, side)
        assert all(v <= limit for v in p.player.values()), (game.snapshot(), limit)
        held = len(game.hand) + game.hand_hidden + game.deck_count
        assert held + len(game.discard) + len(game.table) == total_cards
        snapshots.append(game.snapshot())
    return game, snapshots


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.booleans(), st.integers(0, 9))
def test_random_games_keep_invariants_and_undo_is_exact(seed, physical, hard):
    content = load_content()
    board = board_for(content)
    cards = [c.id for c in content.normal_cards] + [c.id for c in content.hard_cards][:hard]
    game, snapshots = play_random(board, cards, seed, physical)
    history = game.history
    for k in sorted({0, len(history) // 2, len(history) - 1, len(history)}):
        if 0 <= k <= len(history):
            assert replay(board, cards, history[:k], physical).snapshot() == snapshots[k]
