"""Exact battle odds: hand-computed cases, sums to 1, agreement with sampling."""

import random
from fractions import Fraction

from boards import card, make_board, pos

from throne_pnp.content import load_content
from throne_pnp.rules.battle import fight
from throne_pnp.rules.board import board_for
from throne_pnp.rules.position import Position
from throne_pnp.sim.odds import WIN, battle_odds, clash, settle


def test_hand_computed_odds_with_a_withdrawal_over_the_limit():
    # The rulebook's battle example, King's card one of two: 3 swords, or 3 shields.
    b = make_board({7: (8, 2, 5, 4)}, bugles={7: 1}, shields={7: 1}, castles=(7,),
                   wheat={2: 2, 5: 2},
                   cards=(card(2, bugles=2, swords=1), card(3, swords=3),
                          card(7, shields=3, priority="falling")))
    start = pos(b, {7: 2, 8: 4}, {2: 1, 5: 1, 7: 4})
    [odds] = battle_odds(b, start, 7, "king", [2], [3, 7])
    # vs 3: you lose 2, the King none; 4 vs 3, he withdraws to 8 (6 there, 1 removed).
    # vs 7: nobody dies; 6 vs 3, he withdraws by Falling to 4 (nothing removed).
    assert (odds.win, odds.lose, odds.both_wiped_out) == (1, 0, 0)
    assert odds.player_losses == Fraction(1) and odds.king_losses == Fraction(1, 2)


def test_hand_computed_odds_with_mutual_destruction_and_a_tie():
    b = make_board({6: (3, 8, 9)}, wheat={3: 2},
                   cards=(card(1, swords=3), card(2, swords=3), card(3, shields=3)))
    start = pos(b, {6: 1}, {6: 1, 3: 1})
    [odds] = battle_odds(b, start, 6, "king", [1], [2, 3])
    # vs 2: each side kills the other's cube; vs 3: 1 vs 1, the tie goes to the King.
    assert odds.win == 0 and odds.lose == Fraction(1, 2)
    assert odds.both_wiped_out == Fraction(1, 2)
    assert odds.player_losses == Fraction(1, 2) and odds.king_losses == Fraction(1, 2)


def _default():
    return board_for(load_content(None))


def test_odds_sum_to_one_and_match_a_monte_carlo_estimate():
    b = _default()
    start = Position.from_counts(b, {7: 2, 8: 4}, {1: 2, 2: 1, 5: 1, 7: 4})
    normal = sorted(c.id for c in b.cards.values() if not c.hard)
    hand, deck = normal[:5], normal[5:]
    rng = random.Random(3)
    for row in battle_odds(b, start, 7, "king", hand, deck):
        assert row.win + row.lose + row.both_wiped_out == 1
        n = 4000
        wins = sum(settle(b, start, 7, "king", b.cards[row.card],
                          b.cards[rng.choice(deck)])[0] == WIN for _ in range(n))
        p = float(row.win)
        sigma = max((p * (1 - p) / n) ** 0.5, 1e-3)
        assert abs(wins / n - p) <= 4 * sigma


def test_clash_agrees_with_the_engine_fight():
    b = _default()
    rng = random.Random(5)
    cards = list(b.cards.values())
    for _ in range(400):
        t = rng.choice(b.numbers)
        pn, kn = rng.randint(1, 6), rng.randint(1, 5)
        start = Position.from_counts(b, {t: kn}, {t: pn})
        defender = rng.choice(["player", "king"])
        pc, kc = rng.choice(cards), rng.choice(cards)
        battle = fight(b, start, t, defender, pc, kc)
        bb, bs = b.bugles[t], b.shields[t]
        pd = defender == "player"
        winner, p_cas, k_cas = clash(pn, kn, pc.bugles + (bb if pd else 0), pc.swords,
                                     pc.shields + (bs if pd else 0),
                                     kc.bugles + (0 if pd else bb), kc.swords,
                                     kc.shields + (0 if pd else bs), pd)
        expect = {"player": 1, "king": -1, None: 0}[battle.winner]
        assert (winner, p_cas, k_cas) == (expect, battle.casualties["player"],
                                          battle.casualties["king"])


def test_throne_odds_for_a_tracked_game_and_for_a_position(tmp_path):
    import json

    from click.testing import CliRunner

    from throne_pnp.cli import cli

    runner = CliRunner()
    at = tmp_path / "pos.yaml"
    at.write_text("{king: {2: 2, 3: 2}, player: {1: 2, 5: 1}}")
    save = str(tmp_path / "game.json")
    assert runner.invoke(cli, ["new", "--game", save, "--physical", "--at", str(at)]).exit_code == 0
    refused = runner.invoke(cli, ["odds", "--game", save])
    assert refused.exit_code == 2 and "no battle" in refused.output
    # Card 2 (move towards your cubes, Falling) brings the King into 5 and 1.
    assert runner.invoke(cli, ["card", "2", "--game", save]).exit_code == 0
    result = runner.invoke(cli, ["odds", "--game", save, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["territory"] == 5 and data["defender"] == "player"
    for row in data["cards"]:
        exact = row["exact"]
        assert sum(Fraction(exact[k]) for k in ("win", "lose", "both_wiped_out")) == 1
    # The same battle given with --at: cubes after the King's move.
    at.write_text("{king: {1: 2, 3: 1, 5: 1}, player: {1: 2, 5: 1}}")
    result = runner.invoke(cli, ["odds", "--at", str(at), "--territory", "5", "--defender",
                                 "player", "--hand", "2,3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [r["card"] for r in data["cards"]] == [2, 3] and 2 not in data["king_cards"]
    bad = runner.invoke(cli, ["odds", "--at", str(at), "--territory", "6", "--defender", "king"])
    assert bad.exit_code == 2 and len(bad.output.strip().splitlines()) == 1
