"""The difficulty ladder in the print guide: each level's cards and measured rates
with their intervals, "not yet measured" where there are none, never an invented number."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from editions import inside, page_texts

from throne_pnp.content import default_content_dir, load_content
from throne_pnp.content.ladder import ladder_of
from throne_pnp.render.backend.layout import Text, walk
from throne_pnp.render.build import build
from throne_pnp.render.components import guide
from throne_pnp.render.components.ladder_text import guide_blocks, rate_words
from throne_pnp.render.components.sheets import paper_size


def _edition(tmp_path: Path, ladder: str | None) -> Path:
    target = tmp_path / "content"
    shutil.copytree(default_content_dir(), target)
    if ladder is None:
        (target / "ladder.yaml").unlink()
    else:
        (target / "ladder.yaml").write_text(ladder)
    return target


def _guide_text(content, paper: str = "a4") -> str:
    page = guide.guide_page(content, paper, "duplex", [guide.Section("This guide", 1, 1,
                                                                     "plain", "optional")])
    w, h = paper_size(paper)
    inside(page.items, 4.2, 4.2, w - 4.2, h - 4.2)    # it still fits its page
    return " ".join(t.text for t, _, _ in walk(page.items) if isinstance(t, Text))


def test_bundled_guide_prints_each_level_with_both_bots_measured_rates():
    content = load_content(default_content_dir())
    blocks = guide_blocks(content)
    assert blocks[0] == ("head", "Difficulty ladder")
    bullets = [text for kind, text in blocks if kind == "bullet"]
    levels = ladder_of(content)
    assert len(bullets) == len(levels)
    for text, level in zip(bullets, levels, strict=True):
        greedy, search = level.measured.get("greedy"), level.measured.get("search")
        assert greedy.current and search.current
        assert text.startswith(f"**{level.name.capitalize()}** (")
        assert ", ".join(map(str, level.hard)) in text or not level.hard
        assert f"careful newcomer: {rate_words(greedy)}" in text
        assert f"quick search: {rate_words(search)}" in text
        expert = level.measured.get("expert")
        if expert is not None:   # the expert first: what strong play wins
            assert text.index(f"expert: {rate_words(expert)}") < text.index("quick search:")
    assert "49" not in rate_words(None)


def test_rate_words_by_hand():
    from throne_pnp.content.model import Measured

    fig = Measured("greedy", 0.486, (0.4551, 0.517), 1000)
    assert rate_words(fig) == "48.6% (45.5%-51.7%, 1000 games)"
    assert rate_words(None) == "not yet measured"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_guide_page_shows_the_ladder_and_still_fits(paper):
    text = _guide_text(load_content(default_content_dir()), paper)
    assert "Difficulty ladder" in text and "Legend" in text and "--level" in text


def test_an_unmeasured_ladder_says_so(tmp_path):
    content = load_content(_edition(tmp_path, "levels:\n  - name: easy\n    hard: []\n"
                                              "  - name: hard\n    hard: [20, 21]\n"))
    blocks = guide_blocks(content)
    assert ("bullet", "**Easy** (no skull cards): quick search: not yet measured; "
                      "careful newcomer: not yet measured.") in blocks
    assert ("bullet", "**Hard** (2 skull cards: 20, 21): quick search: not yet measured; "
                      "careful newcomer: not yet measured.") in blocks
    assert any("not yet measured: `throne simulate --sweep --ladder --write-ladder`" in text
               for _, text in blocks)
    assert "%" not in " ".join(t for k, t in blocks if k == "bullet")


def test_an_edition_without_a_ladder_says_not_measured(tmp_path):
    content = load_content(_edition(tmp_path, None))
    assert guide_blocks(content) == [
        ("head", "Difficulty"),
        ("para", "This edition has no difficulty ladder: shuffle in skull cards {skull} to "
                 "taste (`throne new --hard N`). Win rates: not yet measured.")]


def test_the_built_pack_prints_the_ladder(tmp_path):
    build(load_content(default_content_dir()), tmp_path, papers=("letter",),
          formats=("pdf",))
    first = page_texts(tmp_path / "letter" / "print-and-play.pdf")[0]
    assert "Difficulty ladder" in first and "Champion" in first
    assert "not yet measured" not in first
    legend = ladder_of(load_content(default_content_dir()))[-1].measured.get("search")
    assert rate_words(legend).split(" (")[0] in first
