"""examples.yaml: the worked examples are checked like every content file,
each problem with its file, line and what to change; `throne validate` and
`throne build` refuse what the engine cannot play."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from throne_pnp.cli import cli
from throne_pnp.content import check_content, default_content_dir, load_content

GOOD = """examples:
  - name: one
    title: One
    at: {king: {7: 2}, player: {1: 2, 5: 1}}
    king: {card: 2}
"""


def edition(tmp_path: Path, examples: str, rules_extra: str = "") -> Path:
    target = tmp_path / "content"
    shutil.copytree(default_content_dir(), target)
    (target / "examples.yaml").write_text(examples)
    (target / "rules.txt").write_text("# Rules\n## Examples\n@example one\n" + rules_extra)
    return target


def problems(tmp_path: Path, examples: str, rules_extra: str = "") -> list[str]:
    return check_content(edition(tmp_path, examples, rules_extra)).problems


def test_the_bundled_examples_are_the_four_of_the_booklet() -> None:
    names = [ex.name for ex in load_content().examples]
    assert names == ["movement", "battle", "withdrawal", "uncertain"]
    movement = load_content().example("movement")
    assert movement.actions == ("move-player",) and movement.priority == "falling"
    assert movement.king == {3: 2, 4: 1, 7: 2, 9: 2} and movement.line == 8


def test_a_good_example_reads(tmp_path: Path) -> None:
    target = edition(tmp_path, GOOD)
    assert check_content(target).problems == []
    ex = load_content(target).example("one")
    assert (ex.kind, ex.card, ex.actions, ex.priority) == ("king", 2, ("move-player",),
                                                           "falling")


@pytest.mark.parametrize(("text", "expected"), [
    (GOOD.replace("card: 2", "card: 99"),
     "examples.yaml:5: example one: king: card: 99 is not a card of this deck (ids 1-27)"),
    (GOOD.replace("{7: 2}", "{17: 2}"),
     "examples.yaml:4: example one: at: king: 17: no such territory on the map"),
    (GOOD.replace("{7: 2}", "{7: 6}"),
     "examples.yaml:4: example one: at: king.7: 6 cubes but the King's limit is 5"),
    (GOOD.replace("    king: {card: 2}\n", ""),
     "examples.yaml:2: example one: give exactly one of king"),
    (GOOD.replace("title: One", "titel: One"),
     "examples.yaml:3: example one: titel: unknown key; did you mean 'title'?"),
    (GOOD.replace("king: {card: 2}", "king: {actions: [fly], priority: rising}"),
     "examples.yaml:5: example one: king: actions: expected 1 or 2 of rally"),
    (GOOD.replace("king: {card: 2}", "king: {card: 2, draws: [3]}"),
     "examples.yaml:5: example one: king: draws: cards are dealt only for Uncertain Orders"),
    (GOOD.replace("king: {card: 2}",
                  "battle: {territory: 7, defender: king, player_card: 2, king_card: 3}"),
     "examples.yaml:5: example one: battle: territory: no battle in 7"),
    (GOOD.replace("king: {card: 2}", "battle: {territory: 5, defender: king, player_card: 2, "
                  "king_card: 2, withdraw_to: 9}").replace("{7: 2}", "{5: 2}"),
     "examples.yaml:5: example one: battle: king_card: each side needs its own card"),
    (GOOD + GOOD.split("\n", 1)[1],
     "examples.yaml:6: example one: name: the name 'one' is already used on line 2"),
])
def test_each_problem_names_its_line(tmp_path: Path, text: str, expected: str) -> None:
    found = problems(tmp_path, text)
    assert any(p.startswith(expected) for p in found), found


def test_withdraw_to_must_be_a_neighbour(tmp_path: Path) -> None:
    text = GOOD.replace("king: {card: 2}", "battle: {territory: 5, defender: player, "
                        "player_card: 16, king_card: 10, withdraw_to: 9}"
                        ).replace("{7: 2}", "{5: 2}")
    assert "examples.yaml:5: example one: battle: withdraw_to: 9 is not a neighbour of 5" in \
        problems(tmp_path, text)


def test_the_rules_text_may_only_name_examples_that_exist(tmp_path: Path) -> None:
    found = problems(tmp_path, GOOD, "@example two\n@figure nowhere\n@chapter 2\n")
    assert "rules.txt:4: no example named 'two' in examples.yaml; examples: one" in found
    assert "rules.txt:5: unknown figure 'nowhere'; figures: setup" in found
    assert any(p.startswith("rules.txt:6: unknown line @chapter") for p in found)


def test_a_broken_deck_brings_no_cascade_of_example_problems(tmp_path: Path) -> None:
    target = edition(tmp_path, GOOD)
    cards = (target / "cards.yaml").read_text().replace("swords: 1, shields: 1, king: [rally]",
                                                         "swords: x, shields: 1, king: [rally]",
                                                         1)
    (target / "cards.yaml").write_text(cards)
    found = check_content(target).problems
    assert found and not any(p.startswith("examples.yaml") for p in found)


def test_validate_and_build_refuse_an_example_the_engine_cannot_play(tmp_path: Path) -> None:
    """Uncertain Orders that need more cards than `draws` lists: the checker
    cannot know, the engine can; build stops with the example's line."""
    text = GOOD.replace("card: 2", "card: 6, draws: [14]")
    target = edition(tmp_path, text)
    assert check_content(target).problems == []
    result = CliRunner().invoke(cli, ["build", "--content", str(target), "--out",
                                      str(tmp_path / "out"), "--format", "pdf",
                                      "--paper", "a4"])
    assert result.exit_code == 2
    assert "examples.yaml:2: example one: Uncertain Orders" in result.output
    assert "Traceback" not in result.output
