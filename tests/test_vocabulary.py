"""One vocabulary everywhere (docs/vocabulary.md): the outputs never use the
words we chose against.

Read: every card face, the aid cards and the booklet as laid out, the rules
text, the table page's templates, and every command's `--help`.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from editions import texts_of

from throne_pnp.cli import cli
from throne_pnp.content import load_content

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = {
    r"\bretreat": "withdraw",
    r"\bmarch(es|ing)?\b": "move towards",
    r"\b(your|wheat|the) cap\b": "limit",
    r"\b(your|his|the King's) forces\b": "cubes",
    r"\btroops\b": "cubes",
    r"(?<![A-Z])uncertain orders": "Uncertain Orders (capitals)",
}


def offences(text: str) -> list[str]:
    out = []
    for pattern, ours in FORBIDDEN.items():
        for m in re.finditer(pattern, text, re.I if "?<!" not in pattern else 0):
            near = text[max(0, m.start() - 40):m.end() + 20]
            out.append(f"{m.group(0)!r} (say: {ours}) in ...{near}")
    return out


def test_the_checker_catches_each_word() -> None:
    for text in ("they retreat", "March on your forces", "your cap", "deal: uncertain orders"):
        assert offences(text), text
    assert offences("Uncertain Orders; withdraw; your limit; turn cap 200") == []


def test_card_faces_aid_cards_and_booklet() -> None:
    from throne_pnp.render.components import booklet, cards, extras

    content = load_content()
    texts = [texts_of(items) for _, page in cards.card_files(content, False, "light")
             for items in [page.items]]
    texts += [texts_of(extras.turn_aid(content)), texts_of(extras.map_aid(content))]
    texts += [texts_of(page.items) for page in booklet.rules_pages(content, "a4")]
    texts.append(content.rules_text)
    found = [o for text in texts for o in offences(text)]
    assert found == []


def test_the_pages_templates() -> None:
    folder = ROOT / "throne_pnp" / "web" / "templates"
    found = [o for path in sorted(folder.glob("*.html")) for o in offences(path.read_text())]
    assert found == []


def _commands(group, prefix=()):
    import click

    context = click.Context(group)
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        yield (*prefix, name)
        if isinstance(command, click.Group):
            yield from _commands(command, (*prefix, name))


@pytest.mark.parametrize("words", [(), *list(_commands(cli))], ids=" ".join)
def test_every_commands_help(words) -> None:
    result = CliRunner().invoke(cli, [*words, "--help"])
    assert result.exit_code == 0
    assert offences(result.output) == []


def test_the_king_s_actions_are_named_once_in_the_content_model():
    """The CLI's choices, the narrator's words, the card faces' labels and icons
    all read `content.KING_ACTIONS`; nobody keeps a list of their own."""
    from throne_pnp.cli.resolve_cmds import ACTIONS
    from throne_pnp.content import KING_ACTIONS
    from throne_pnp.narrator.words import ACTION_WORDS, TARGET_WORDS
    from throne_pnp.render.components.cards import ACTION_LABELS, ACTION_TARGETS

    assert ACTIONS == tuple(KING_ACTIONS)
    assert ACTION_WORDS == {name: a.words for name, a in KING_ACTIONS.items()}
    assert ACTION_LABELS == {name: a.card for name, a in KING_ACTIONS.items()}
    assert set(ACTION_TARGETS) == set(TARGET_WORDS) == {
        "move-castle", "move-wheat", "move-player"}
    for package in ("cli", "rules", "narrator", "render", "assistant", "web"):
        for path in (ROOT / "throne_pnp" / package).rglob("*.py"):
            text = path.read_text()
            assert '"move-castle": "' not in text, path   # a second table of words
