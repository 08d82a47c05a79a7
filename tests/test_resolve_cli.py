"""`throne resolve`: refusals are one line with exit 2, and the fast path stays light."""

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from throne_pnp.cli import cli


@pytest.fixture
def run(tmp_path):
    runner = CliRunner()

    def invoke(args, position=None):
        if position is not None:
            path = tmp_path / "pos.yaml"
            path.write_text(position)
            args = [*args, "--at", str(path)]
        return runner.invoke(cli, args)

    return invoke


def refused(result, *fragments):
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in result.output, result.output
    return result


MOVE_POS = "{king: {3: 2, 4: 1, 7: 2, 9: 2}, player: {1: 2, 2: 1, 5: 1}}"


def test_text_answer_is_a_checklist(run):
    out = run(["resolve", "king", "--card", "2"], MOVE_POS)
    assert out.exit_code == 0
    assert "[ ] move 1 King cube 9 -> 4" in out.output
    assert "Battles to fight, in order: 5, 2." in out.output


def test_action_and_priority_instead_of_a_card(run):
    out = run(["resolve", "king", "--action", "move-player", "--priority", "falling", "--json"],
              MOVE_POS)
    assert json.loads(out.output)["battles"] == [5, 2]


@pytest.mark.parametrize("position, fragment", [
    ("{king: {12: 1}}", "no territory 12"),
    ("{king: {3: -1}}", "not a cube count"),
    ("{king: {3: 6}}", "limit of 5"),
    ("{player: {1: 5, 2: 6}}", "only 10 exist"),
    ("{queen: {1: 1}}", "unknown key 'queen'"),
    ("[1, 2]", "expected a mapping"),
    ("{king: {3: 2", "not valid YAML"),
])
def test_bad_position_files(run, position, fragment):
    refused(run(["resolve", "king", "--card", "2"], position), fragment)


def test_missing_position_file(run):
    refused(run(["resolve", "king", "--card", "2", "--at", "/nonexistent/pos.yaml"]),
            "cannot read the position file")


def test_card_and_action_choices(run):
    refused(run(["resolve", "king", "--card", "99"], MOVE_POS), "no card 99")
    refused(run(["resolve", "king", "--card", "2", "--action", "rally"], MOVE_POS), "not both")
    refused(run(["resolve", "king", "--action", "rally"], MOVE_POS), "--priority")


def test_uncertain_needs_draws(run):
    refused(run(["resolve", "king", "--card", "6"], MOVE_POS), "--draws", "at least 1 more")
    refused(run(["resolve", "king", "--card", "6", "--draws", "x"], MOVE_POS), "card numbers")
    out = run(["resolve", "king", "--card", "6", "--draws", "1", "--json"], MOVE_POS)
    data = json.loads(out.output)
    assert data["draws"] == [1] and data["priority"] == "falling"
    refused(run(["resolve", "king", "--card", "6", "--draws", "1,2"], MOVE_POS), "more than")


def test_battle_withdrawal_choice_is_listed(run):
    # You defend 7 with 1 cube against 5: card 3 kills one King cube, then 2 vs 6 -> you lose.
    pos = "{king: {7: 5, 4: 1}, player: {7: 1, 1: 2}}"
    args = ["resolve", "battle", "--territory", "7", "--defender", "player",
            "--player-card", "3", "--king-card", "2"]
    refused(run(args, pos), "--withdraw-to", "one of 2, 5, 8")
    refused(run([*args, "--withdraw-to", "4"], pos), "cannot withdraw to 4", "legal: 2, 5, 8")
    out = run([*args, "--withdraw-to", "8", "--json"], pos)
    data = json.loads(out.output)
    assert data["winner"] == "king" and data["withdrawal"] == {"side": "player", "to": 8,
                                                               "removed": 0}


def test_battle_refusals(run):
    pos = "{king: {5: 1}, player: {1: 2}}"
    refused(run(["resolve", "battle", "--territory", "5", "--defender", "player",
                 "--player-card", "1", "--king-card", "3"], pos), "no battle in 5")
    refused(run(["resolve", "battle", "--territory", "50", "--defender", "player",
                 "--player-card", "1", "--king-card", "3"], pos), "no territory 50")


def test_resolve_does_not_import_the_pdf_machinery(tmp_path):
    pos = tmp_path / "pos.yaml"
    pos.write_text(MOVE_POS)
    code = ("import sys; from throne_pnp.cli import cli\n"
            f"cli(['resolve', 'king', '--at', {str(pos)!r}, '--card', '2'], "
            "standalone_mode=False)\n"
            "heavy = [m for m in sys.modules if m.split('.')[0] in "
            "('reportlab', 'svgwrite', 'PIL') or m.startswith('throne_pnp.render')]\n"
            "assert not heavy, heavy\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_positions_over_the_players_limit_are_refused(run):
    # 1 holds 2 wheat and the player holds nothing else: 3 cubes there are 1 too many.
    pos = "{king: {5: 1}, player: {1: 3}}"
    refused(run(["resolve", "king", "--card", "2"], pos),
            "3 of your cubes in 1, over your limit of 2 (wheat in 1)")
    refused(run(["resolve", "battle", "--territory", "5", "--defender", "player",
                 "--player-card", "1", "--king-card", "3"], pos), "your limit of 2")


def test_one_card_cannot_fight_on_both_sides(run):
    pos = "{king: {5: 1}, player: {1: 2, 5: 1}}"
    refused(run(["resolve", "battle", "--territory", "5", "--defender", "player",
                 "--player-card", "3", "--king-card", "3"], pos),
            "--player-card and --king-card are both 3")


def test_two_action_notes_under_their_own_heading(run):
    # Card 9: move-wheat then rally (Rising). 3 is a wheat target and stays; the King
    # has all 10 cubes on the map, so the rally adds nothing.
    pos = "{king: {3: 5, 7: 5}, player: {1: 2, 2: 1, 5: 1}}"
    out = run(["resolve", "king", "--card", "9"], pos).output.splitlines()
    wheat = out.index("The King's action: move towards the nearest wheat (rising).")
    rally = out.index("The King's action: rally at his castles (rising).")
    assert wheat < rally
    assert "  (3: is itself a wheat target; the cubes stay)" in out[wheat:rally]
    assert out[rally + 1] == "  No cube is added."
    assert out[rally + 2:rally + 4] == ["  (3: no rally: all 10 King cubes are on the map)",
                                        "  (7: no rally: all 10 King cubes are on the map)"]
    assert "Nothing moves." not in "\n".join(out[rally:])


@pytest.mark.parametrize("text", [
    "king: {3: 2, 4: 1, 7: 2, 9: 2}\nplayer: {1: 2, 2: 1, 5: 1}\n",
    "# a comment\nking:\n  3: 2\n  4: 1\n  7: 2\n  9: 2\nplayer: {1: 2, 2: 1, 5: 1}\n",
    '{"king": {"3": 2, "4": 1, "7": 2, "9": 2}, "player": {"1": 2, "2": 1, "5": 1}}',
])
def test_every_way_to_write_a_position_gives_the_same_answer(run, text):
    assert run(["resolve", "king", "--card", "2"], text).output == \
        run(["resolve", "king", "--card", "2"], MOVE_POS).output
