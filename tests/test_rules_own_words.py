"""Our texts are in our own words: no run of 8 words shared with the seed rulebook.

The rulebook is not in the repository; tests/data/seed-runs.txt holds the
fingerprints of its 8-word runs (scripts/seed_runs.py), and every text we
print or show players is compared against them: the rules text, the worked
examples, the booklet as printed (engine checklists included), the aid cards
and the rulings page of the docs.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from ownwords import RUN, run_hash, runs

from throne_pnp.content import load_content

ROOT = Path(__file__).resolve().parents[1]
SEED = {line.strip() for line in (ROOT / "tests" / "data" / "seed-runs.txt")
        .read_text(encoding="ascii").splitlines() if line.strip()}


def shared(text: str) -> list[str]:
    """Every 8-word run of `text` the seed rulebook also has."""
    return [" ".join(run) for run in runs(text) if run_hash(run) in SEED]


def test_the_fingerprints_are_loaded_and_catch_a_copied_run() -> None:
    assert len(SEED) > 3000
    # a run this test must catch: the opening of the seed's component list
    assert shared("A Rusty Throne is a Print-and-Play game, consisting of the following")
    assert not shared("our own sentence about cubes, castles and a mad King in Prydon")


def _plain(markup: str) -> str:
    text = "\n".join(line for line in markup.splitlines()
                     if not line.startswith(("%", "@")))
    return re.sub(r"\{#?[a-z0-9-]+\}|\*\*|`|^#+ |^=> |^- |^> ", " ", text, flags=re.M)


def test_the_rules_text_and_examples_share_no_8_word_run() -> None:
    content = load_content()
    assert shared(_plain(content.rules_text)) == []
    for ex in content.examples:
        assert shared(f"{ex.title} {ex.text}") == [], ex.name


@pytest.mark.parametrize("name", ["docs/rulings.md", "docs/vocabulary.md", "docs/content.md"])
def test_the_players_docs_share_no_8_word_run(name: str) -> None:
    assert shared((ROOT / name).read_text(encoding="utf-8")) == []


def test_the_printed_booklet_and_aids_share_no_8_word_run(tmp_path) -> None:
    pytest.importorskip("pypdfium2")
    from printcheck import text_runs

    from throne_pnp.render.build import build

    build(load_content(), tmp_path, papers=("a4",), formats=("pdf",))
    for name in ("rules.pdf", "print-and-play.pdf"):
        text = " ".join(run.text for run in text_runs(tmp_path / "a4" / name))
        assert len(text.split()) > 2000 or name != "rules.pdf"
        assert shared(text) == [], name
    assert RUN == 8
