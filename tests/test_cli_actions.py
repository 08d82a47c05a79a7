"""The action text form: one parser (`Action.parse`), and one way to play it.

The text round-trips; a refusal names the input and the form expected; and
the CLI, the table page and `throne play` turn the same input into the same
actions (they all go through `assistant.commands.perform`), so the saves
they write are the same.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from test_assistant_helpers import ok, session

from throne_pnp.assistant import commands
from throne_pnp.cli import cli
from throne_pnp.errors import IllegalAction, ThroneError
from throne_pnp.rules import actions as act
from throne_pnp.rules.actions import Action

IDS = st.integers(0, 10**9 - 1)
ID_LISTS = st.lists(IDS, max_size=6).map(tuple)
ACTIONS = st.one_of(
    st.builds(act.card, IDS), st.builds(act.deal, IDS), st.builds(act.battle, IDS),
    st.builds(act.withdraw, IDS), st.builds(act.move, IDS, IDS, IDS),
    st.builds(act.rally, IDS), st.just(act.DONE), st.builds(act.fix, IDS, IDS, IDS),
    st.builds(act.hand, st.lists(IDS, min_size=1, max_size=6)),
    st.builds(act.fix_cards, st.none() | ID_LISTS, st.none() | ID_LISTS).filter(
        lambda a: a.args != (None, None)),
)


@given(ACTIONS)
def test_text_to_action_to_text_round_trips(action):
    text = action.text()
    assert Action.parse(text) == action
    assert Action.parse(text).text() == text
    assert str(action) == text


SAID = st.one_of(
    st.builds(lambda c, ds: [act.card(c), *map(act.deal, ds)], IDS, st.lists(IDS, max_size=3)),
    st.builds(lambda c, k, w: [act.battle(c), *([act.deal(k)] if k is not None else []),
                               *([act.withdraw(w)] if w is not None else [])],
              IDS, st.none() | IDS, st.none() | IDS),
    ACTIONS.map(lambda a: [a]),
)


@given(SAID)
def test_what_a_player_says_at_once_round_trips(actions):
    text = act.said_text(actions)
    assert act.parse_said(text) == actions
    assert act.said_text(act.parse_said(text)) == text


def test_the_cards_told_with_a_command():
    assert act.parse_said("battle 4 king=9") == [act.battle(4), act.deal(9)]
    assert act.parse_said("battle 4 withdraw=2 king=9") == [act.battle(4), act.withdraw(2),
                                                            act.deal(9)]
    assert act.parse_said("card 6 draws=3,5") == [act.card(6), act.deal(3), act.deal(5)]
    with pytest.raises(IllegalAction, match="king= given twice"):
        act.parse_said("battle 4 king=9 king=8")
    with pytest.raises(IllegalAction, match="expected: move COUNT FROM TO"):
        act.parse_said("move 2 7 5 king=9")


@pytest.mark.parametrize("text, words", [
    ("move 2 7", ["'move 2 7'", "move COUNT FROM TO"]),
    ("card twelve", ["'card twelve'", "card ID"]),
    ("dance 3", ["'dance 3'", "card ID", "move COUNT FROM TO", "done"]),
    ("fix 7 player=1 king=2", ["fix T king=N player=M"]),
    ("hand", ["hand <card>"]),
])
def test_a_refusal_names_the_input_and_what_is_legal(text, words):
    with pytest.raises(IllegalAction) as refused:
        Action.parse(text)
    assert isinstance(refused.value, ValueError)
    for word in words:
        assert word in str(refused.value)


# --------------------------------------------------------------------------- same input

def _saved(game: Path) -> list[list[str]]:
    return json.loads(game.read_text())["commands"]


def _by_cli(game: Path, said: list[list[str]]) -> None:
    for words in said:
        ok(game, *words)


def _by_page(game: Path, said: list[tuple[str, dict]]) -> None:
    from test_web_helpers import make_client, post

    client, _ = make_client(game)
    for path, fields in said:
        done = post(client, client.get("/").text, path, **fields)
        assert done.status_code == 303, done.text


def _by_play(game: Path, answers: list[str]) -> None:
    result = CliRunner().invoke(cli, ["play", "--game", str(game)],
                                input="\n".join([*answers, "quit"]) + "\n")
    assert result.exit_code == 0, result.output
    assert "Refused" not in result.output and "Not understood" not in result.output


def test_the_cli_the_page_and_play_save_the_same_actions(tmp_path):
    """Seed 3 (hand 7, 9, 11, 17, 18): card 7, its battle with card 9, and on."""
    pytest.importorskip("starlette")
    games = {name: tmp_path / f"{name}.json" for name in ("cli", "page", "play")}
    for game in games.values():
        ok(game, "new", "--seed", "3")
    _by_cli(games["cli"], [["card", "7"], ["battle", "9"]])
    _by_page(games["page"], [("/card", {"card": 7}), ("/battle", {"card": 9})])
    _by_play(games["play"], ["7", "9"])
    assert _saved(games["cli"]) == _saved(games["page"]) == _saved(games["play"])
    assert [c[0] for c in _saved(games["cli"])] == ["card 7", "battle 9"]


def test_player_actions_the_same_three_ways(tmp_path):
    """Seed 1: card 16, then Player Actions: move 1 1 2, done."""
    pytest.importorskip("starlette")
    games = {name: tmp_path / f"{name}.json" for name in ("cli", "page", "play")}
    for game in games.values():
        ok(game, "new", "--seed", "1")
        ok(game, "card", "16")
    _by_cli(games["cli"], [["move", "1", "1", "2"], ["done"]])
    _by_page(games["page"], [("/move", {"count": 1, "from": 1, "to": 2}), ("/done", {})])
    _by_play(games["play"], ["m 1 1 2", "done"])
    assert _saved(games["cli"]) == _saved(games["page"]) == _saved(games["play"])
    assert _saved(games["cli"])[-2:] == [["move 1 1 2"], ["done"]]


def test_a_physical_battle_with_the_kings_card_told_at_once(tmp_path):
    """`throne battle C --king-card K`, the page's battle form and `battle C king=K`
    typed to `throne play`: battle C, deal K, as one command."""
    pytest.importorskip("starlette")
    games = {name: tmp_path / f"{name}.json" for name in ("cli", "page", "play")}
    for game in games.values():
        ok(game, "new", "--physical", "--seed", "2")
        ok(game, "hand", "3,6,9,12,14")
        ok(game, "card", "3")
        ok(game, "fix", "2", "--king", "1")
        ok(game, "move", "1", "1", "2")
        ok(game, "done")
    assert session(games["cli"]).game.need().kind == "battle"
    _by_cli(games["cli"], [["battle", "6", "--king-card", "1"]])
    _by_page(games["page"], [("/battle", {"card": 6, "king_card": 1})])
    _by_play(games["play"], ["battle 6 king=1"])
    assert _saved(games["cli"]) == _saved(games["page"]) == _saved(games["play"])
    assert _saved(games["cli"])[-1][:2] == ["battle 6", "deal 1"]


def test_perform_refuses_actions_that_are_not_one_command(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "1")
    before = game.read_bytes()
    with session(game).locked(game, session(game).content) as s:
        with pytest.raises(ThroneError, match="is not one command"):
            commands.perform(s, [act.card(16), act.move(1, 1, 2)])
        with pytest.raises(ThroneError, match="cannot deal a card now"):
            commands.perform(s, [act.deal(5)])
        with pytest.raises(ThroneError, match="nothing to play"):
            commands.perform(s, [])
    assert game.read_bytes() == before
