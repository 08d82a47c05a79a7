"""The rulebook's two worked examples (SPEC §5) replay exactly on the default map."""

import json

from click.testing import CliRunner

from throne_pnp.cli import cli
from throne_pnp.content import load_content
from throne_pnp.narrator.words import step_why
from throne_pnp.rules.battle import resolve_battle
from throne_pnp.rules.board import board_for
from throne_pnp.rules.king import resolve_king
from throne_pnp.rules.position import Position


def board():
    return board_for(load_content())


def test_movement_example():
    b = board()
    start = Position.from_counts(b, {3: 2, 4: 1, 7: 2, 9: 2}, {1: 2, 2: 1, 5: 1})
    result = resolve_king(b, start, ["move-player"], "falling", [])
    moves = [(s.src, s.dst, s.count) for s in result.steps]
    assert moves == [(9, 4, 1), (7, 2, 1), (4, 7, 2), (3, 5, 1)]
    assert result.position.compact("king") == {2: 1, 3: 1, 5: 1, 7: 3, 9: 1}
    assert result.position.compact("player") == {1: 2, 2: 1, 5: 1}
    assert result.battles == [5, 2]
    assert start.compact("king") == {3: 2, 4: 1, 7: 2, 9: 2}  # input untouched
    why = step_why(b, result.steps[0], rising=False)
    assert "Falling takes the lowest: 4" in why
    assert "1 stays to guard the castle" in why


def test_battle_example():
    b = board()
    start = Position.from_counts(b, {7: 2, 8: 4}, {1: 2, 2: 1, 5: 1, 7: 4})
    card2, card3 = b.cards[2], b.cards[3]
    assert (card2.bugles, card2.swords, card2.shields) == (2, 1, 0)
    assert (card3.bugles, card3.swords, card3.shields, card3.priority) == (0, 3, 0, "rising")
    result = resolve_battle(b, start, 7, "king", card2, card3)
    assert (result.casualties["player"], result.casualties["king"]) == (2, 0)
    assert result.totals == {"player": 4, "king": 3}
    assert result.winner == "player"
    assert result.withdrawal == {"side": "king", "to": 8, "removed": 1}
    assert result.position.compact("king") == {8: 5}
    assert result.position.compact("player") == {1: 2, 2: 1, 5: 1, 7: 2}


def test_examples_through_the_cli_json(tmp_path):
    runner = CliRunner()
    p1 = tmp_path / "move.yaml"
    p1.write_text("{king: {3: 2, 4: 1, 7: 2, 9: 2}, player: {1: 2, 2: 1, 5: 1}}")
    out = runner.invoke(cli, ["resolve", "king", "--at", str(p1), "--card", "2", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["actions"] == ["move-player"] and data["priority"] == "falling"
    assert data["draws"] == []
    assert [(s["kind"], s["from"], s["to"], s["count"]) for s in data["steps"]] == [
        ("move", 9, 4, 1), ("move", 7, 2, 1), ("move", 4, 7, 2), ("move", 3, 5, 1)]
    assert all(s["why"] for s in data["steps"])
    assert data["battles"] == [5, 2]
    assert data["position"] == {"king": {"2": 1, "3": 1, "5": 1, "7": 3, "9": 1},
                                "player": {"1": 2, "2": 1, "5": 1}}
    p2 = tmp_path / "battle.json"
    p2.write_text('{"king": {"7": 2, "8": 4}, "player": {"1": 2, "2": 1, "5": 1, "7": 4}}')
    out = runner.invoke(cli, ["resolve", "battle", "--at", str(p2), "--territory", "7",
                              "--defender", "king", "--player-card", "2", "--king-card", "3",
                              "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    expected = {"territory": 7, "defender": "king", "player_casualties": 2,
                "king_casualties": 0, "winner": "player",
                "withdrawal": {"side": "king", "to": 8, "removed": 1},
                "position": {"king": {"8": 5}, "player": {"1": 2, "2": 1, "5": 1, "7": 2}}}
    assert {k: data[k] for k in expected} == expected
