"""What the assistant says: usage hints, withdrawal costs, no seed for real cards,
`throne play`'s own words and its yes/no question."""

from __future__ import annotations

from test_assistant_helpers import ok, refused, run, status


def test_move_with_a_word_missing_says_the_usage(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "3")
    refused(game, "move", "1", "5",
            contains="usage: throne move COUNT FROM TO, e.g. `throne move 2 1 5` moves 2 "
                     "cubes from 1 to 5; got `throne move 1 5` (a number is missing: the COUNT, "
                     "as in `throne move 1 1 5`, or TO, as in `throne move 1 5 TO`)")
    # Two equal numbers cannot be FROM and TO: the count came first, TO is missing.
    refused(game, "move", "1", "1", contains="got `throne move 1 1` (TO is missing: "
                                            "where do the cubes from 1 go?)")
    refused(game, "move", "2", contains="got `throne move 2` (FROM and TO are missing)")
    refused(game, "move", "one", "1", "5", contains="usage: throne move COUNT FROM TO")


def test_withdrawal_choices_show_their_cost(tmp_path):
    game = tmp_path / "g.json"
    at = tmp_path / "pos.yaml"
    at.write_text("king: {5: 2, 3: 2, 7: 1, 9: 2}\nplayer: {1: 2, 5: 2}\n")
    ok(game, "new", "--physical", "--at", str(at))
    ok(game, "card", "12")
    out = ok(game, "battle", "16", "--king-card", "17").output
    # Into 2 or 8 your limit (wheat in 1 + 2 = 3, or in 1 alone = 2) keeps both cubes;
    # into 1 you hold only 1 (2 wheat) and 4 cubes stand there: 2 are removed.
    assert ("choose where your cubes withdraw (2: no loss; 8: no loss; "
            "1: your limit removes 2)") in out
    assert "2: no loss" in status(game)["next"]["text"]


def test_a_physical_game_prints_no_seed(tmp_path):
    game = tmp_path / "g.json"
    out = ok(game, "new", "--physical", "--seed", "4").output
    assert "seed" not in out
    assert "seed" not in ok(game, "status").output
    assert "seed" not in ok(game, "log").output
    virtual = tmp_path / "v.json"
    assert "seed 4" in ok(virtual, "new", "--seed", "4").output


def test_play_confirmation_never_swallows_the_next_answer(tmp_path):
    game = tmp_path / "g.json"
    at = tmp_path / "pos.yaml"
    at.write_text("king: {9: 1}\nplayer: {1: 2, 2: 1}\n")
    ok(game, "new", "--physical", "--at", str(at))
    ok(game, "card", "1")                          # 3 flags
    # "move 1 2 5" typed at the yes/no question: no to emptying home, and it is
    # then taken as the next answer instead of being lost.
    result = run(game, "play", input="move 2 1 5\nmove 1 2 5\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Refused: move not made" in result.output
    st = status(game)
    assert st["position"]["player"] == {"1": 2, "5": 1} and st["command_points"] == 2


def test_play_speaks_its_own_words(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "3")
    result = run(game, "play", input="7\n18\nquit\n")
    assert result.exit_code == 0, result.output
    assert "`throne" not in result.output.split("Continuing")[1].split("Game saved")[0]
