"""The engine's invariants hold after every step of many bot-played games."""

from collections import Counter

from throne_pnp.content import load_content
from throne_pnp.players.bots import GreedyBot, RandomBot
from throne_pnp.rules.board import board_for
from throne_pnp.rules.game import Game
from throne_pnp.rules.position import KING, PLAYER, player_limit
from throne_pnp.sim.simulate import game_seed, play_game


def check(game: Game) -> None:
    board, pos = game.board, game.position
    for side in (KING, PLAYER):
        counts = pos.side(side)
        assert all(n >= 0 for n in counts.values()), (side, counts)
        assert pos.on_map(side) <= board.forces
    assert all(n <= board.king_limit for n in pos.king.values())
    need = game.need()
    if need.kind in ("card", "actions") or (need.kind == "deal" and need.purpose == "phase"):
        # A completed step: the player is within R8's limit (contested = the King's).
        limit = player_limit(board, pos, KING)
        assert max(pos.player.values()) <= limit, (pos, limit)
    if need.kind == "card" or (need.kind == "deal" and need.purpose == "phase"):
        assert not pos.contested(board.numbers)
    # Every card is in exactly one place: hand, deck, discard pile or table.
    places = Counter(game.hand) + Counter(game.unseen) + Counter(game.discard) \
        + Counter(game.table)
    assert places == Counter(game.in_game), places
    assert game.deck_count == len(game.unseen)
    assert len(game.hand) + game.hand_to_draw <= board.hand_size


def test_invariants_over_random_and_greedy_games():
    board = board_for(load_content(None))
    steps = Counter()

    def on_step(game: Game) -> None:
        steps[game.need().kind] += 1
        check(game)

    outcomes = Counter()
    for i in range(300):
        r = play_game(board, RandomBot(), game_seed(11, i % 10, i), i % 10, on_step=on_step)
        outcomes[r.outcome] += 1
    for i in range(25):
        r = play_game(board, GreedyBot(), game_seed(12, i % 10, i), i % 10, on_step=on_step)
        outcomes[r.outcome] += 1
    assert outcomes["won"] and outcomes["lost"]
    assert steps["battle"] and steps["actions"] and steps["card"]
