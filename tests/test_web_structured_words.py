"""The page gets the narrator's records, never a sentence to re-parse (issue 27).

No module under `web/` applies a regular expression to the program's words: the
few that use `re` read a request (the client cookie), the secrets file, the rules'
markdown or the QR code's colour codes, each named here. A refusal is a `Refused`
record: the CLI prints its line with the command typed in backticks, the page
shows the same parts with the command as its buttons say it, a file by its name.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from test_web_helpers import content, make_client, post

from throne_pnp.narrator.lines import Command, Refused
from throne_pnp.web import app as web_app

pytest.importorskip("starlette")

WEB = Path(web_app.__file__).parent
# module -> what its regular expressions read (none of them a narrator sentence)
REGEX_USERS = {
    "clients.py": "the client cookie of a request",
    "secretstore.py": "the kept secrets file",
    "security.py": "request headers",
    "rulespage.py": "the rules' markdown from the content",
    "server.py": "the QR code's terminal colour codes",
}


def _uses_re(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name == "re" for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.module == "re":
            return True
    return False


def test_no_web_module_applies_a_regex_to_the_programs_words():
    users = {p.name for p in WEB.rglob("*.py") if _uses_re(p)}
    assert users <= set(REGEX_USERS), users - set(REGEX_USERS)
    assert not (WEB / "wording.py").exists()


def test_no_template_rewords_text():
    for template in (WEB / "templates").glob("*.html"):
        text = template.read_text(encoding="utf-8")
        assert "|words" not in text and "|command" not in text, template.name


def test_a_refusal_is_its_parts():
    refusal = Refused("finish them with ", Command("done"), " or ",
                      Command("fix", ("7",), (("king", "2"),)))
    assert str(refusal) == "finish them with `throne done` or `throne fix 7 --king 2`"
    assert refusal.why[1].said() == "done" and refusal.why[3].said() == "fix 7 king 2"


def test_the_page_shows_a_refusals_command_in_words(tmp_path):
    from click.testing import CliRunner

    from throne_pnp.cli import cli

    game = tmp_path / "g.json"
    assert CliRunner().invoke(cli, ["new", "--seed", "3", "--game", str(game)]).exit_code == 0
    client, _ = make_client(game)
    page = client.get("/").text
    post(client, page, "/done")             # the card phase: `done` is refused
    shown = client.get("/").text
    assert "Refused: done" in shown and "\u201cplay card ID" in shown and "`" not in shown


def test_the_page_names_the_territories_of_each_move_the_cli_numbers(tmp_path):
    """The King's moves and the undo checklist: `3 -> 5` at the terminal, territory names
    on the page, never the arrow (issue 33)."""
    from click.testing import CliRunner

    from throne_pnp.cli import cli

    game = tmp_path / "g.json"
    new = ["new", "--physical", "--seed", "1", "--game", str(game)]
    assert CliRunner().invoke(cli, new).exit_code == 0
    names = {n: t.name for n, t in content().map.territories.items()}
    client, _ = make_client(game)
    post(client, client.get("/").text, "/card", card="7")
    shown = client.get("/").text
    assert f"move 1 King cube from 3 {names[3]} to 5 {names[5]}" in shown
    assert "-&gt;" not in shown and "->" not in shown
    post(client, shown, "/undo")
    undone = client.get("/").text
    assert f"from 5 {names[5]} to 3 {names[3]}" in undone and "-&gt;" not in undone
