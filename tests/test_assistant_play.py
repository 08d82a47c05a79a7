"""`throne play` fed with typed answers: the same game as the single commands."""

from __future__ import annotations

import random

from test_assistant_helpers import greedy_pick, legal_commands, ok, run, session, status


def answers_for(game, seed: int, physical: bool, limit: int = 300) -> list[str]:
    """Play a game with single commands and note the answers `play` would need."""
    rng = random.Random(seed)
    answers: list[str] = []
    for _ in range(limit):
        commands = legal_commands(game)
        if not commands:
            break
        command = greedy_pick(commands, rng)
        head, args = command[0], [a for a in command[1:] if not a.startswith("--")]
        if head in ("move", "rally", "done"):
            answers.append(" ".join([head, *args]))
            if head == "move" and session(game).empties_home(*map(int, args)):
                answers.append("y")
        else:
            answers.append(args[0] if args else "")
        ok(game, *command)
    return answers


def test_play_walks_a_virtual_game_like_the_commands(tmp_path):
    by_commands = tmp_path / "a.json"
    ok(by_commands, "new", "--seed", "31")
    answers = answers_for(by_commands, 31, physical=False)
    assert status(by_commands)["outcome"] in ("won", "lost")
    by_play = tmp_path / "b.json"
    result = run(by_play, "play", "--seed", "31", input="\n".join(answers) + "\nquit\n")
    assert result.exit_code == 0, result.output
    assert "The game is over" in result.output
    assert by_play.read_bytes() == by_commands.read_bytes()


def test_play_walks_a_physical_game(tmp_path):
    by_commands = tmp_path / "a.json"
    ok(by_commands, "new", "--physical", "--seed", "5")
    answers = answers_for(by_commands, 5, physical=True, limit=60)
    by_play = tmp_path / "b.json"
    result = run(by_play, "play", "--physical", "--seed", "5",
                 input="\n".join(answers) + "\nquit\n")
    assert result.exit_code == 0, result.output
    assert by_play.read_bytes() == by_commands.read_bytes()


def test_play_meta_commands_and_refusals(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "3")
    hand = status(game)["hand"]
    script = ["help", "status", "show", "log", "banana", "99", str(hand[0]), "undo",
              "undo", str(hand[1]), "quit"]
    result = run(game, "play", input="\n".join(script) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Continuing the virtual game" in out
    assert "At any prompt you may type" in out               # help
    assert "Cubes (territory:count)" in out                  # status
    assert "Off the map" in out                              # show
    assert "0. setup" in out                                 # log
    assert "Not understood" in out                           # banana
    assert "Refused: there is no card 99" in out             # not a card
    assert "Took back: `card" in out                         # undo
    assert "Refused: nothing to undo" in out
    assert "Game saved in" in out                            # quit
    assert session(game).save.commands[0][0] == f"card {hand[1]}"


def test_play_end_of_input_saves_and_stops(tmp_path):
    game = tmp_path / "g.json"
    result = run(game, "play", "--seed", "3", input="")
    assert result.exit_code == 0
    assert "Game saved in" in result.output and game.exists()


def test_play_asks_before_emptying_home(tmp_path):
    game = tmp_path / "g.json"
    at = tmp_path / "pos.yaml"
    at.write_text("king: {9: 1}\nplayer: {1: 2, 2: 1}\n")
    ok(game, "new", "--physical", "--at", str(at))
    ok(game, "card", "1")
    result = run(game, "play", input="move 2 1 5\nn\nmove 2 1 5\ny\nquit\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("empties your home castle 1") == 2
    assert "Refused: move not made" in result.output
    assert status(game)["position"]["player"] == {"2": 1, "5": 2}


def test_show_keeps_its_columns_when_a_territory_has_many_symbols():
    # Ashford (home, 2 wheat, 1 bugle, 2 shields) spells 21 characters of symbols:
    # the column widens for it instead of pushing its cubes out of line.
    from throne_pnp.assistant.board_text import board_text
    from throne_pnp.content import load_content
    from throne_pnp.rules.board import board_for
    from throne_pnp.rules.game import Game
    from throne_pnp.sim.simulate import normal_ids

    content = load_content()
    board = board_for(content)
    lines = board_text(Game(board, normal_ids(board)), content).splitlines()
    header, rows = lines[0], lines[1:10]
    king_at = header.index("King")
    assert "Castle(home) W2 B1 S2" in rows[0]
    for row in rows:
        assert row[king_at - 1] == " " and row[king_at] != " ", row
