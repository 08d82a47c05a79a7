"""The narrator says every kind of event, in the order things happen at the table."""

import json

import pytest
from click.testing import CliRunner
from test_assistant_helpers import ok, run

from throne_pnp.cli import cli
from throne_pnp.content import load_content
from throne_pnp.narrator.checklist import SILENT, checklist, event_json, summary
from throne_pnp.rules import events as ev
from throne_pnp.rules.battle import resolve_battle
from throne_pnp.rules.board import board_for
from throne_pnp.rules.game import Game
from throne_pnp.rules.king import resolve_king
from throne_pnp.rules.position import Position
from throne_pnp.rules.steps import PLAYER_ORDER, Step


@pytest.fixture(scope="module")
def board():
    return board_for(load_content(None))


def samples(board):
    """One event of every kind."""
    start = Position.from_counts(board, {3: 2, 4: 1, 7: 2, 9: 2}, {1: 2, 2: 1, 5: 1})
    king = resolve_king(board, start, ["move-player"], "falling")
    fought = resolve_battle(board, Position.from_counts(board, {7: 2, 8: 4},
                                                        {1: 2, 2: 1, 5: 1, 7: 4}),
                            7, "king", board.cards[2], board.cards[3])
    move = Step("move", 1, "player", PLAYER_ORDER, src=1, dst=2)
    return {
        ev.NewHand: ev.NewHand((1, 2, 3, 4, 5)),
        ev.HandTold: ev.HandTold((1, 2), []),
        ev.Reshuffle: ev.Reshuffle((1, 2, 3), None, "phase"),
        ev.PhaseCard: ev.PhaseCard(2, True),
        ev.UncertainDraw: ev.UncertainDraw(6),
        ev.KingActed: ev.KingActed(king),
        ev.BattleCard: ev.BattleCard(2, 7),
        ev.BattleFought: ev.BattleFought(fought),
        ev.PlayerMoved: ev.PlayerMoved(move),
        ev.PlayerRallied: ev.PlayerRallied(Step("rally", 1, "player", PLAYER_ORDER, at=1)),
        ev.ActionsStart: ev.ActionsStart(3),
        ev.ActionsDone: ev.ActionsDone(0),
        ev.Fixed: ev.Fixed(1, (0, 1), (0, 2)),
        ev.CardsFixed: ev.CardsFixed({"hand": [], "discard": [1]},
                                     {"hand": [2], "discard": [1]}),
        ev.GameOver: ev.GameOver("won"),
        ev.PhaseEnd: ev.PhaseEnd(2),
        ev.NewPhase: ev.NewPhase("king-card", 2),
    }


def test_the_narrator_says_every_event_kind(board):
    made = samples(board)
    assert set(made) == set(ev.EVENT_CLASSES)      # a new kind must be added here
    game = Game(board, [c for c in board.cards if not board.cards[c].hard])
    kinds = set()
    for cls in ev.EVENT_CLASSES:
        event = made[cls]
        kinds.add(event.kind)
        for physical in (False, True):
            lines = checklist([event], game, physical)
            assert lines or cls in SILENT, cls
            assert all(isinstance(line, str) and line for line in lines)
        assert event_json(event, board)["kind"] == event.kind
        summary([event])
    assert len(kinds) == len(ev.EVENT_CLASSES)     # one kind word per class


def test_the_deck_s_last_card_is_dealt_before_the_pile_is_shuffled(board):
    # Card 16 was the last card of the deck: at the table it is dealt first, the
    # discard pile is shuffled into a new deck, then 16 starts the new pile.
    game = Game(board, [c for c in board.cards if not board.cards[c].hard])
    events = [ev.Reshuffle((1, 2, 3), 16, "uncertain"), ev.UncertainDraw(16)]
    lines = checklist(events, game, physical=True)
    assert len(lines) == 2
    assert "dealt for Uncertain Orders: 16" in lines[0]
    assert "put it on the discard pile" not in lines[0]
    assert "shuffle the discard pile (3 cards)" in lines[1]
    assert lines[1].endswith("then put card 16 on the new discard pile")
    virtual = checklist(events, game, physical=False)
    assert virtual[0].startswith("Dealt for Uncertain Orders")
    assert "card 16 starts the new discard pile" in virtual[1]


def test_a_reshuffle_before_another_draw_keeps_its_place(board):
    game = Game(board, [c for c in board.cards if not board.cards[c].hard])
    events = [ev.Reshuffle((1, 2, 3), None, ""), ev.UncertainDraw(16)]
    lines = checklist(events, game, physical=True)
    assert "shuffle the discard pile" in lines[0]
    assert "dealt for Uncertain Orders: 16" in lines[1] and "put it on the discard" in lines[1]


def test_no_new_hand_advice_after_the_game_is_won(tmp_path):
    # Physical game: turn 4's Player Actions start a battle in 9 that your last card
    # wins, taking the last castle. Nothing is left to draw for.
    at = tmp_path / "pos.yaml"
    at.write_text("king: {9: 1}\nplayer: {1: 2, 3: 1, 7: 1, 4: 3}\n")
    game = tmp_path / "g.json"
    ok(game, "new", "--physical", "--seed", "1", "--at", str(at))
    for command in ["card 3", "done", "card 13", "done", "card 8", "done", "card 16", "done",
                    "card 17", "done", "card 2", "done", "card 15", "move 3 4 9", "done"]:
        ok(game, *command.split())
    out = ok(game, "battle", "10", "--king-card", "11").output
    assert "You WON" in out
    assert "draw your new hand" not in out


def test_hint_in_the_kings_card_phase_names_throne_card(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "1")
    ok(game, "card", "4")
    ok(game, "done")
    result = run(game, "hint")
    assert result.exit_code == 2
    assert "run `throne card` first" in result.output


def test_resolve_json_still_gives_every_reason(tmp_path):
    at = tmp_path / "pos.yaml"
    at.write_text("king: {3: 2, 4: 1, 7: 2, 9: 2}\nplayer: {1: 2, 2: 1, 5: 1}\n")
    out = CliRunner().invoke(cli, ["resolve", "king", "--at", str(at), "--action",
                                   "move-player", "--priority", "falling", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert [(s["from"], s["to"], s["count"]) for s in data["steps"]] == [
        (9, 4, 1), (7, 2, 1), (4, 7, 2), (3, 5, 1)]
    assert "Falling takes the lowest: 4" in data["steps"][0]["why"]
    assert data["notes"] == ["2: 1 King cube stays: already in battle with your cubes"]
    assert data["battles"] == [5, 2]


def test_each_line_names_its_ruling(board):
    """The page's link beside a reason comes with the line, from the step's cause."""
    from throne_pnp.narrator.words import king_lines, step_line
    from throne_pnp.rules.steps import CASUALTIES, OverKingLimit, OverPlayerLimit, Withdrew

    start = Position.from_counts(board, {3: 2, 4: 1, 7: 2, 9: 2}, {1: 2, 2: 1, 5: 1})
    moved = king_lines(resolve_king(board, start, ["move-player"], "falling"),
                       board)
    assert {line.rule for line in moved if line.kind == "do"} == {"r3"}
    rallied = king_lines(resolve_king(board, start, ["rally"], "rising"), board)
    assert {line.rule for line in rallied if line.kind == "do"} == {"r4"}
    for cause, rule in ((CASUALTIES, "r9"), (Withdrew((8,), (), True), "r9"),
                        (OverKingLimit(5, 6), "r9"), (OverPlayerLimit(3, (1, 2), 4), "r8")):
        step = Step("remove", 1, "king", cause, at=8)
        assert step_line(board, step).rule == rule
    assert step_line(board, Step("move", 1, "player", PLAYER_ORDER, 1, 2)).rule == ""


def test_no_web_module_parses_the_narrator_s_sentences(tmp_path):
    """The page shows the narrator's lines from their fields: no regex, no
    splitting at a colon, no looking for `[ ]` or a ruling's words."""
    from pathlib import Path

    from throne_pnp.assistant.session import Session
    from throne_pnp.narrator.lines import Line
    from throne_pnp.web.views import recent

    web = Path(__file__).resolve().parents[1] / "throne_pnp" / "web"
    macros = (web / "templates" / "_macros.html").read_text()
    body = macros[macros.index("{% macro checklist"):]
    body = body[:body.index("{% endmacro %}")]
    for parsing in ("|words", "rule_anchor", "partition", "startswith", "lstrip", "[4:]"):
        assert parsing not in body, parsing
    for path in web.rglob("*.py"):
        text = path.read_text()
        assert "rule_for" not in text and "RULE_OF" not in text, path
        assert "explain.checklist(" not in text, path     # the CLI's text, not the lines
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "1")
    ok(game, "card", "4")
    lines = recent(Session.open(game, load_content())).last_lines
    assert lines and all(isinstance(line, Line) for line in lines)
