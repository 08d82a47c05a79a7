"""Exact battle odds: hand-computed cases, sums to 1, agreement with sampling."""

import random
from fractions import Fraction

import pytest
from boards import card, last_card_battle, make_board, pos

from throne_pnp.content import load_content
from throne_pnp.rules.battle import clash, fight
from throne_pnp.rules.board import board_for
from throne_pnp.rules.position import Position
from throne_pnp.sim.odds import WIN, battle_odds, settle


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


# ------------------------------------------------------------ the King's possible cards

def _refill_game(physical):
    """A game at a battle where the player's last card is 5 (1 bugle): the deck
    holds 1 2 3 7 (no symbols), the discard pile 8 and 4 (3 swords)."""
    cards = tuple(card(i, ("rally",), flags=3, swords=3 if i == 4 else 0,
                       bugles=1 if i == 5 else 0) for i in range(1, 9))
    return last_card_battle(cards, physical)


def test_the_last_card_counts_the_refill_and_reshuffle_before_the_kings_card():
    from throne_pnp.sim.odds import next_battle_odds

    for physical in (False, True):
        g = _refill_game(physical)
        assert g.need().kind == "battle" and g.hand_count == 1
        assert g.deck_count == 4 and g.discard == [8, 4]
        report = next_battle_odds(g)
        rows = {r["card"]: r for r in report["cards"]}
        # (physical: the hand became known when the King's card 8 emptied the deck)
        assert sorted(rows) == [5]
        row = rows[5]
        # the refill takes 1 2 3 7, then 8 4 become the deck and one goes to the hand:
        # the King's card is 4 or 8. Your 2 cubes + 1 bugle: vs 8, 3 against 2, you
        # win; vs 4 (3 swords), both your cubes die.
        assert row["king_cards"] == [4, 8] and row["refill"] is True
        assert (row["exact"]["win"], row["exact"]["lose"]) == ("1/2", "1/2")
        assert row["expected_player_losses"] == 1.0


def test_a_told_hand_is_your_cards_and_the_rest_the_kings():
    from throne_pnp.rules import actions as act
    from throne_pnp.rules.game import Game
    from throne_pnp.sim.odds import next_battle_odds

    b = make_board({1: (2,), 2: (3, 4)}, castles=(1, 3, 4), wheat={1: 3, 2: 1}, home=1,
                   cards=tuple(card(i, swords=i % 3) for i in range(1, 9)))
    g = Game(b, range(1, 9), True, pos(b, {2: 2}, {1: 3}))
    for a in (act.card(1), act.move(2, 1, 2), act.DONE):
        g.apply(a)
    untold = next_battle_odds(g)
    assert [r["card"] for r in untold["cards"]] == [2, 3, 4, 5, 6, 7, 8]
    assert untold["cards"][0]["king_cards"] == [3, 4, 5, 6, 7, 8]  # any unseen but 2
    g.apply(act.hand((2, 3, 4, 5)))
    report = next_battle_odds(g)
    assert [r["card"] for r in report["cards"]] == [2, 3, 4, 5]
    assert report["king_cards"] == [6, 7, 8]
    assert all(r["king_cards"] == [6, 7, 8] and not r["refill"] for r in report["cards"])


def test_position_odds_never_counts_a_card_of_the_hand_as_the_kings():
    from throne_pnp.errors import IllegalAction
    from throne_pnp.sim.odds import position_odds

    b = make_board({6: (3,)}, cards=(card(1, swords=3), card(2, swords=3), card(3, shields=3),
                                     card(4)))
    start = pos(b, {6: 1}, {6: 1})
    report = position_odds(b, start, 6, "king", [1, 3], [1, 2, 3])
    assert report["king_cards"] == [2]
    assert all(r["king_cards"] == [2] for r in report["cards"])
    # no hand: each card you could play is not the King's, the others may be
    report = position_odds(b, start, 6, "king", None, None)
    assert [r["king_cards"] for r in report["cards"]] == [[2, 3, 4], [1, 3, 4], [1, 2, 4],
                                                          [1, 2, 3]]
    # card 1 (3 swords) vs 2 (3 swords): both wiped out; vs 3 (3 shields): nobody
    # dies, the tie goes to the King; vs 4: the King's cube dies
    assert report["cards"][0]["exact"] == {"win": "1/3", "lose": "1/3",
                                           "both_wiped_out": "1/3"}
    with pytest.raises(IllegalAction, match="every card that could be the King's is in "
                                            "your hand"):
        position_odds(b, start, 6, "king", [1, 2], [1, 2])


def test_throne_odds_at_excludes_the_hand_from_the_deck(tmp_path):
    import json

    from click.testing import CliRunner

    from throne_pnp.cli import cli

    at = tmp_path / "pos.yaml"
    at.write_text("{king: {1: 2, 3: 1, 5: 1}, player: {1: 2, 5: 1}}")
    result = CliRunner().invoke(cli, ["odds", "--at", str(at), "--territory", "5",
                                      "--defender", "player", "--hand", "2,3",
                                      "--deck", "2,3,4,5", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["king_cards"] == [4, 5]
    assert [r["king_cards"] for r in data["cards"]] == [[4, 5], [4, 5]]
