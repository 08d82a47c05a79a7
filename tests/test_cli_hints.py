"""Refusals that say what would be right: a told hand, `throne hand` alone, fix's maxima."""

from __future__ import annotations

import json

from test_assistant_helpers import ok, refused


def test_a_card_refused_by_the_told_hand_points_to_fix_hand(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--physical", "--seed", "1")
    ok(game, "hand", "1,2,3,4,5")
    result = refused(game, "card", "15", contains="card 15 is not in your hand")
    assert result.output.strip().endswith(
        "if your hand holds other cards, set it with `throne fix --hand IDS`")


def test_a_refusal_with_the_hand_unknown_has_no_hint(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--physical", "--seed", "1")
    ok(game, "card", "15")                            # unknown hand: accepted
    result = refused(game, "card", "15")
    assert "fix --hand" not in result.output


def test_hand_without_ids_shows_the_told_hand_or_says_none(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--physical", "--seed", "1")
    before = game.read_bytes()
    out = ok(game, "hand").output
    assert out.startswith("Your hand (5 cards) has not been told since it was drawn; tell "
                          "it with e.g. `throne hand 3,6,9,12,14`")
    assert json.loads(ok(game, "hand", "--json").output) == {"hand": None, "hand_count": 5}
    assert game.read_bytes() == before                # looking changes nothing
    ok(game, "hand", "1,2,3,4,5")
    out = ok(game, "hand").output.splitlines()
    assert out[0] == "Your hand (as you told it):" and len(out) == 6
    assert out[3].startswith("  3 Iron Rain")
    assert json.loads(ok(game, "hand", "--json").output)["hand"] == [1, 2, 3, 4, 5]


def test_hand_without_ids_in_a_virtual_game_shows_the_dealt_hand(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "1")
    hand = json.loads(ok(game, "status", "--json").output)["hand"]
    out = ok(game, "hand").output.splitlines()
    assert out[0] == "Your hand:" and [int(x.split()[0]) for x in out[1:]] == hand


def test_fix_states_the_allowed_maximum(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "1")        # King 3:2 7:2 9:2, you 1:2, 10 cubes a side
    refused(game, "fix", "5", "--king", "6",
            contains="--king 6: the King can have at most 4 cubes in 5 (limit 5 a "
                     "territory, 10 cubes in all); e.g. `throne fix 5 --king 4`")
    refused(game, "fix", "3", "--king", "9",
            contains="the King can have at most 5 cubes in 3")
    refused(game, "fix", "2", "--player", "11",
            contains="--player 11: you can have at most 8 cubes in 2 (10 cubes in all, 2 on "
                     "the map elsewhere); e.g. `throne fix 2 --player 8`")
    ok(game, "fix", "5", "--king", "4")
