"""The assistant's wording points from a new player's game (issue 20): ties,
a single way out, skip notes in visiting order without nested parentheses,
`undo N` newest first, a withdrawal's log line, the King's settled actions
told before Uncertain Orders are dealt."""

from __future__ import annotations

import json

from boards import card, line, make_board, pos
from click.testing import CliRunner
from test_assistant_helpers import ok

from throne_pnp.cli import cli
from throne_pnp.narrator.lines import texts
from throne_pnp.narrator.words import battle_why, king_lines
from throne_pnp.rules.battle import resolve_battle
from throne_pnp.rules.king import resolve_king


def _resolve(tmp_path, args, position):
    at = tmp_path / "pos.yaml"
    at.write_text(position)
    result = CliRunner().invoke(cli, [*args, "--at", str(at), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_a_tie_names_the_defender_in_words():
    b = make_board({1: (2,)}, castles=(1,), wheat={1: 2, 2: 1},
                   cards=(card(1, swords=1, shields=1), card(7, shields=3)))
    # 2 v 2, no casualties (1 sword against 3 shields, 0 swords): 2 = 2, the King defends.
    battle = resolve_battle(b, pos(b, {2: 2}, {1: 1, 2: 2}), 2, "king", b.cards[1],
                            b.cards[7], withdraw_to=1)
    tie = "cubes + bugles: you 2, King 2; a tie goes to the defender, the King"
    assert tie in battle_why(battle, b)
    battle = resolve_battle(b, pos(b, {2: 2}, {1: 1, 2: 2}), 2, "player", b.cards[1],
                            b.cards[7])
    assert "cubes + bugles: you 2, King 2; a tie goes to the defender, you" in battle_why(battle, b)
    assert not any("(king)" in w or "(player)" in w for w in battle_why(battle, b))


def test_a_king_with_one_way_out_is_not_given_a_priority_pick(tmp_path):
    # 9 (bugle, shield, castle) next to 4 and 6; your cubes in 6 leave the King only 4.
    # Card 3 (3 swords) v 7 (3 shields): no one falls; you 2 + 1 bugle against 1.
    out = _resolve(tmp_path, ["resolve", "battle", "--territory", "9", "--defender", "player",
                              "--player-card", "3", "--king-card", "7"],
                   "{king: {9: 1}, player: {9: 2, 6: 1}}")
    assert out["winner"] == "player" and out["withdrawal"]["to"] == 4
    text = CliRunner().invoke(cli, ["resolve", "battle", "--territory", "9", "--defender",
                                    "player", "--player-card", "3", "--king-card", "7",
                                    "--at", str(tmp_path / "pos.yaml")]).output
    assert "move 1 King cube 9 -> 4: the King withdraws to 4, his only way out" in text
    assert "lowest of" not in text and "highest of" not in text


def test_skip_notes_come_in_visiting_order_without_nested_brackets():
    b = line(4, castles=(4,), wheat={4: 1})
    r = resolve_king(b, pos(b, {1: 2, 2: 5, 4: 5}), ["move-wheat"], "rising")
    assert texts(king_lines(r, b)) == [
        "The King's action: move towards the nearest wheat (rising).",
        "  (1: nothing moves: the way is to 2, nearest wheat: 4, 3 steps away; 2 stay "
        "because 2 already holds 5 of the King's limit of 5)",
        "  [ ] move 5 King cubes 2 -> 3: nearest wheat: 4, 2 steps away",
        "  (3: nothing moves: the way is to 4, nearest wheat: 4, 1 step away; 5 stay "
        "because 4 already holds 5 of the King's limit of 5)",
        "  (4: is itself a wheat target; the cubes stay)",
    ]


def test_undo_lists_the_newest_command_first(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "3")
    ok(game, "card", "9")
    ok(game, "move", "1", "1", "2")
    ok(game, "move", "1", "2", "5")
    out = ok(game, "undo", "2").output.splitlines()
    assert out[:2] == ["Took back: `move 1 2 5`", "Took back: `move 1 1 2`"]


def test_the_log_line_of_a_withdrawal_says_where(tmp_path):
    game = tmp_path / "g.json"
    at = tmp_path / "pos.yaml"
    at.write_text("king: {5: 2, 3: 2, 7: 1, 9: 2}\nplayer: {1: 2, 5: 2}\n")
    ok(game, "new", "--physical", "--at", str(at))
    ok(game, "card", "12")
    ok(game, "battle", "16", "--king-card", "17")      # you lose in 5: 2, 8 or 1
    ok(game, "withdraw", "8")
    last = ok(game, "log").output.strip().splitlines()[-1]
    assert last.endswith("`throne withdraw 8`: battle in 5 (cards 16 v 17): the King won; "
                         "you withdrew to 8"), last


def test_a_settled_first_action_is_told_before_uncertain_orders_are_dealt(tmp_path):
    # Card 23: move towards your cubes, then Uncertain Orders. The march cannot
    # depend on the dealt cards: it is told (and done) before the first deal.
    game = tmp_path / "g.json"
    ok(game, "new", "--physical", "--hard-cards", "23")
    ok(game, "hand", "1,2,3,4,7")
    ok(game, "card", "7")
    ok(game, "battle", "1", "--king-card", "5")
    ok(game, "done")
    out = ok(game, "card", "23").output
    assert "Do this now; Uncertain Orders come after it:" in out
    assert "[ ] move 2 King cubes 5 -> 1: nearest player cubes: 1, 1 step away" in out
    out = ok(game, "card", "--draws", "6").output      # Uncertain Orders again: no repeat
    assert "5 -> 1" not in out
    out = ok(game, "card", "--draws", "8").output      # move towards the nearest castle
    assert ("The King's action: move towards your nearest cubes (rising): carried out "
            "above.") in out
    assert "5 -> 1" not in out and "move 1 King cube 5 -> 7" in out
    # Taking the deals back leaves the march on the table: only the second move goes back.
    out = ok(game, "undo", "2").output
    assert "move 1 King cube 7 -> 5" in out and "1 -> 5" not in out


def test_telling_the_new_hand_before_the_last_card_says_play_it_first():
    import pytest
    from boards import last_card_battle

    from throne_pnp.errors import IllegalAction
    from throne_pnp.rules.actions import Action

    g = last_card_battle(tuple(card(i, ("rally",), flags=3) for i in range(1, 9)), True)
    assert g.known_hand() == [5] and g.need().kind == "battle"
    with pytest.raises(IllegalAction) as refused:
        g.apply(Action.parse("hand 1 2 3 7 8"))
    assert str(refused.value) == ("you still hold card 5, your last: play card 5 first; the "
                                  "new hand is drawn after it, then tell it")


def test_a_physical_hand_draw_mentions_throne_hand(tmp_path):
    game = tmp_path / "g.json"
    out = ok(game, "new", "--physical").output
    assert ("[ ] your hand is empty: draw 5 new cards from the deck; if you like, tell me "
            "them with `throne hand IDS`") in out


def test_play_physical_lists_a_told_hand_instead_of_asking_a_number(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--physical")
    ok(game, "hand", "1,2,3,4,7")
    out = ok(game, "play", input="quit\n").output
    assert "Your phase card [1/2/3/4/7]:" in out and "its number" not in out


def test_fix_checks_the_limit_that_moves_and_show_use(tmp_path):
    from test_assistant_helpers import refused

    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "3")
    ok(game, "card", "9")          # Player Actions; you 2 in 1 (2 wheat), King 1 in 5
    assert "Your limit per territory: 2 (wheat 2 in 1)" in ok(game, "show").output
    refused(game, "fix", "1", "--player", "3",
            contains="that position cannot stand on the table: 3 of your cubes in 1, over "
                     "your limit of 2 (wheat in 1)")
    # 5 (2 wheat) is contested: the King's during Player Actions (R7), so its wheat
    # does not count, as for a move.
    refused(game, "fix", "5", "--player", "3",
            contains="3 of your cubes in 5, over your limit of 2 (wheat in 1)")
    refused(game, "move", "3", "1", "5", contains="you have 2")
    ok(game, "fix", "5", "--player", "2")


def test_a_colon_without_a_space_in_a_position_file_is_named(tmp_path):
    for text in ("{king: {3:2}, player: {1: 2}}\n", "king:\n  3:2\nplayer: {1: 2}\n"):
        at = tmp_path / "pos.yaml"
        at.write_text(text)
        result = CliRunner().invoke(cli, ["resolve", "king", "--card", "2", "--at", str(at)])
        assert result.exit_code == 2 and "Traceback" not in result.output
        assert ("YAML reads `3:2` (no space after the colon) as the number 182: "
                "write `3: 2`") in result.output, result.output
        assert len(result.output.strip().splitlines()) == 1
    game = tmp_path / "g.json"
    result = CliRunner().invoke(cli, ["new", "--at", str(at), "--game", str(game)])
    assert result.exit_code == 2 and "write `3: 2`" in result.output and not game.exists()


def test_the_lock_file_beside_the_save_is_the_one_the_readme_explains(tmp_path):
    from pathlib import Path

    game = tmp_path / "throne-game.json"
    ok(game, "new", "--seed", "3")
    hidden = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("."))
    assert hidden == [".throne-game.json.lock"]
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    assert "`.throne-game.json.lock`" in readme and "may be deleted" in readme
