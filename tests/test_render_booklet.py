"""The rules booklet, measured from its PDFs and checked against the engine.

- Body text is 9 pt or more (only the print aids of every sheet, the 50 mm
  bar's label and the footer, and the diagrams' territory numbers are
  smaller), and nothing is printed within 4.5 mm of a paper edge.
- Every worked example of examples.yaml is drawn, and each numbered arrow or
  mark is the engine's step of the same number, as `throne resolve` gives it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from throne_pnp.cli import cli
from throne_pnp.content import load_content
from throne_pnp.narrator.worked import work
from throne_pnp.render.backend.layout import find_tagged
from throne_pnp.render.components.booklet import rules_pages
from throne_pnp.rules.board import board_for

pytest.importorskip("pypdfium2")
from printcheck import edge_ink, text_runs  # noqa: E402

AIDS = ("Print at 100%", "rules, page", "50 mm")


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory) -> Path:
    from throne_pnp.render.build import build

    out = tmp_path_factory.mktemp("booklet")
    build(load_content(), out, formats=("pdf",))
    return out


def _is_aid(text: str, stamp: str) -> bool:
    return any(a in text for a in AIDS) or text.strip() in stamp


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_body_text_is_9_pt_or_more(pdfs: Path, paper: str) -> None:
    from throne_pnp.render.components.sheets import stamp_text

    stamp = stamp_text(load_content())
    runs = text_runs(pdfs / paper / "rules.pdf")
    words = [r for r in runs if len(r.text.split()) >= 2 and not _is_aid(r.text, stamp)]
    assert len(words) > 300
    small = sorted({(r.size, r.text) for r in words if r.size < 9.0 - 0.01})
    assert small == []
    # the diagrams' numbers and counts: small but never under 6.5 pt
    assert min(r.size for r in runs if not _is_aid(r.text, stamp)) >= 6.5
    assert all(r.embedded for r in runs)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_page_stays_inside_the_printable_area(pdfs: Path, paper: str) -> None:
    assert edge_ink(pdfs / paper / "rules.pdf", dpi=100, margin=4.5) == []


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_booklet_has_its_sections_and_rulings(pdfs: Path, paper: str) -> None:
    text = " ".join(r.text for r in text_runs(pdfs / paper / "rules.pdf"))
    for heading in ("What you play with", "Setting up", "The turn at a glance",
                    "A battle, step by step", "Rally", "Uncertain Orders", "Battles",
                    "Your Player Actions", "Winning and losing", "The difficulty ladder",
                    "Rulings: questions players ask"):
        assert heading in text, heading
    for n in range(1, 15):
        assert f"R{n} " in text, n
    for ex in load_content().examples:
        assert ex.title in text
    assert "the map sheet lists both" not in text
    assert "content/rulings.yaml" not in text      # editors' notes live in the docs


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_bar_on_every_page_clear_of_the_text_and_the_stamp_once(pdfs: Path,
                                                                    paper: str) -> None:
    """The 50 mm bar under every page's text (SPEC: every sheet), 6 mm or more from any
    text; the build stamp once, as the colophon of the last page; every page but the cover
    numbered."""
    from throne_pnp.render.components.sheets import stamp_text

    runs = text_runs(pdfs / paper / "rules.pdf")
    last = max(r.page for r in runs)
    bars = [r for r in runs if "Print at 100%" in r.text]
    assert [r.page for r in bars] == list(range(last + 1))
    assert [r.page for r in runs if r.text == stamp_text(load_content())] == [last]
    for label in bars:
        bar = label.box
        for r in runs:
            if r.page == label.page and r is not label and r.text.strip():
                dx = max(r.box[0] - bar[2], bar[0] - r.box[2], 0.0)
                dy = max(r.box[1] - bar[3], bar[1] - r.box[3], 0.0)
                assert max(dx, dy) * 25.4 / 72 >= 6.0, (label.page, r.text)
    for page in range(1, last + 1):
        assert any(r.text == str(page + 1) for r in runs if r.page == page), page


def test_the_pack_carries_the_booklet(pdfs: Path) -> None:
    pack = " ".join(r.text for r in text_runs(pdfs / "a4" / "print-and-play.pdf"))
    assert "The turn at a glance" in pack and "Rulings: questions players ask" in pack


def _drawn(pages, name: str) -> list[tuple]:
    """(number, kind, from, to or at, count) of every arrow and mark of one example."""
    out = []
    for page in pages:
        for group, _, _ in find_tagged(page.items, f"before-{name}"):
            for item, _, _ in find_tagged(group.items, "arrow-"):
                _, n, src, dst, count = item.tag.split("-")
                out.append((int(n), "arrow", int(src), int(dst), int(count)))
            for item, _, _ in find_tagged(group.items, "mark-"):
                _, n, kind, at, count = item.tag.split("-")
                out.append((int(n), kind, int(at), None, int(count)))
    return sorted(out)


def _resolve(ex, tmp_path: Path) -> dict:
    at = tmp_path / f"{ex.name}.json"
    at.write_text(json.dumps({"king": ex.king, "player": ex.player}))
    if ex.kind == "king":
        args = ["resolve", "king", "--at", str(at), "--json"]
        args += (["--card", str(ex.card)] if ex.card else
                 [a for action in ex.actions for a in ("--action", action)]
                 + ["--priority", ex.priority])
        if ex.draws:
            args += ["--draws", ",".join(map(str, ex.draws))]
    else:
        args = ["resolve", "battle", "--at", str(at), "--territory", str(ex.territory),
                "--defender", ex.defender, "--player-card", str(ex.player_card),
                "--king-card", str(ex.king_card), "--json"]
        if ex.withdraw_to:
            args += ["--withdraw-to", str(ex.withdraw_to)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_arrow_is_the_engines_step(paper: str, tmp_path: Path) -> None:
    content = load_content()
    pages = rules_pages(content, paper)
    assert {ex.name for ex in content.examples} >= {"movement", "battle", "withdrawal",
                                                    "uncertain"}
    for ex in content.examples:
        answer = _resolve(ex, tmp_path)
        expected = []
        for n, step in enumerate(answer["steps"], start=1):
            if "to" in step:
                expected.append((n, "arrow", step["from"], step["to"], step["count"]))
            else:
                expected.append((n, step["kind"], step["at"], None, step["count"]))
        assert _drawn(pages, ex.name) == expected, ex.name
        # the "after" board shows the engine's position
        after = work(board_for(content), ex).after
        assert after.to_json() == answer["position"]


def test_the_rulebooks_two_examples_are_drawn_as_spec_5_says() -> None:
    pages = rules_pages(load_content(), "a4")
    assert [d[2:] for d in _drawn(pages, "movement")] == [
        (9, 4, 1), (7, 2, 1), (4, 7, 2), (3, 5, 1)]
    assert _drawn(pages, "battle") == [(1, "remove", 7, None, 2), (2, "arrow", 7, 8, 2),
                                       (3, "remove", 8, None, 1)]


def test_the_withdrawal_example_shows_each_choices_cost() -> None:
    content = load_content()
    worked = work(board_for(content), content.example("withdrawal"))
    assert worked.costs == {1: 2, 2: 1, 8: 0}
    assert worked.after.compact("player") == {1: 2, 2: 3}


def test_an_edited_edition_gets_diagrams_of_its_own_rules(tmp_path: Path) -> None:
    """Switch castle targets to the castles the King does not hold: the same
    question gets the new answer, drawn."""
    import shutil

    from throne_pnp.content import default_content_dir

    target = tmp_path / "content"
    shutil.copytree(default_content_dir(), target)
    (target / "rulings.yaml").write_text("castle_targets: not-king\n")
    (target / "examples.yaml").write_text(
        "examples:\n  - name: castles\n    title: Castles\n"
        "    at: {king: {7: 2, 8: 2}, player: {1: 2}}\n"
        "    king: {actions: [move-castle], priority: rising}\n")
    (target / "rules.txt").write_text("# Rules\n## Castles\n@example castles\n")
    content = load_content(target)
    pages = rules_pages(content, "a4")
    drawn = _drawn(pages, "castles")
    steps = work(board_for(content), content.example("castles")).steps
    assert [(d[2], d[3]) for d in drawn] == [(s.src, s.dst) for s in steps]
    assert drawn and drawn[0][3] != 7      # 7 is not a target when the King may hold it


def test_a_measured_ladder_is_printed_with_each_bots_win_rate() -> None:
    """The edition's ladder (levels with a name, hard card ids and per bot an
    optional measurement) is drawn as is."""
    from dataclasses import replace

    from editions import texts_of

    from throne_pnp.content.ladder import ladder_of
    from throne_pnp.content.model import Level, Measured
    from throne_pnp.render.components.bookfigs import ladder_figure

    content = replace(load_content(), ladder=(
        Level("squire", (), {"greedy": Measured("greedy", 0.49, (0.47, 0.51), 2000)}),
        Level("knight", (19, 20), {"greedy": Measured("greedy", 0.31, (0.29, 0.33), 2000)})))
    levels = ladder_of(content)
    assert [(lv.name, lv.hard) for lv in levels] == [("squire", ()), ("knight", (19, 20))]
    assert levels[1].bots["greedy"].win_rate == 0.31 and levels[1].bots["search"] is None
    shapes, _ = ladder_figure(content, 88.0, 9.5, 4.3)
    text = texts_of(shapes)
    assert "careful newcomer" in text and "31%" in text and "greedy" not in text
