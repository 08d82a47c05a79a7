"""The CLI's words as the page shows them: no backticks, banners or full paths."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from throne_pnp.web.wording import command_words, page_words


@pytest.mark.parametrize("cli, page", [
    ("--- Turn 2: your card phase ---", "Turn 2: your card phase"),
    ("--- Turn 1: the King's card phase ---", "Turn 1: the King's card phase"),
    ("*** You LOST: your home castle 1 has fallen. ***",
     "You lost: your home castle 1 has fallen."),
    ("*** You WON: you hold every castle. ***", "You won: you hold every castle."),
    ("finish them with `throne done`", "finish them with \u201cdone\u201d"),
    ("`throne fix 7 --king 3 --player 0`: fixed", "\u201cfix 7 king 3 player 0\u201d: fixed"),
    ("Took back `card 7`", "Took back \u201ccard 7\u201d"),
    ("The save /home/you/games/throne-game.json cannot be read",
     "The save throne-game.json cannot be read"),
    ("a save in ~/games/g.json", "a save in g.json"),
    ("move 1 King cube 5 -> 3 (3 command points left)",
     "move 1 King cube 5 -> 3 (3 command points left)"),
    ("no battle 2/3 here", "no battle 2/3 here"),
])
def test_cli_text_becomes_page_text(cli, page):
    assert page_words(cli) == page


def test_commands_in_words():
    assert command_words("throne battle --king-card 10") == "battle the King's card 10"
    assert command_words("card 7") == "card 7"
    assert command_words("fix --hand 3,6") == "fix hand 3,6"


plain = st.text(st.characters(blacklist_characters="`/\\~*-", blacklist_categories=("Cs",)))


@given(plain)
def test_plain_sentences_are_left_alone(text):
    assert page_words(text) == text


@given(st.lists(st.one_of(plain, st.sampled_from(
    ["`throne done`", "`undo 2`", "/tmp/x/y/save.json", " -> ", "`"])),
    max_size=6))
def test_no_command_syntax_survives(parts):
    """Words apart (as in a sentence): every command and path goes; a stray backtick
    that quotes nothing may stay."""
    text = page_words(" ".join(parts))
    assert "throne done" not in text and "/tmp/x/y" not in text
    assert re.search(r"`[^`\s][^`]*`", text) is None            # no quoted command left


@given(plain.map(str.strip).filter(bool), st.sampled_from(["---", "***"]))
def test_a_banner_line_is_its_sentence(words, mark):
    assert page_words(f"{mark} {words} {mark}") == words
