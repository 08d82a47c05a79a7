"""`throne simulate` on the difficulty ladder: --sweep --ladder, --level, --cards,
--write-ladder (a round trip that keeps the file's comments), --doc, --plot."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from throne_pnp.cli import cli
from throne_pnp.content import default_content_dir, load_content
from throne_pnp.content.ladder import ladder_of
from throne_pnp.content.ladder_write import rewrite
from throne_pnp.errors import ThroneError
from throne_pnp.render.components.ladder_text import DOC_BEGIN, DOC_END
from throne_pnp.sim.decks import paired_interval, plain_card

LADDER = """\
# Our test ladder. This comment stays.
measured:
  greedy: {}   # not yet
  search: {}
levels:
  - name: low    # no skull cards
    hard: []
    greedy: {}
  # a comment between levels stays too
  - name: high
    hard: [20]

    search: {}
"""


@pytest.fixture
def edition(tmp_path: Path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(default_content_dir(), target)
    (target / "ladder.yaml").write_text(LADDER)
    return target


def _run(*args: str) -> str:
    result = CliRunner().invoke(cli, ["simulate", *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def _fails(*args: str) -> str:
    result = CliRunner().invoke(cli, ["simulate", *args])
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
    return result.output


@pytest.mark.slow
def test_ladder_json_is_the_same_for_any_jobs(edition):
    args = ("--sweep", "--ladder", "--games", "12", "--seed", "5", "--json",
            "--content", str(edition))
    one = _run(*args, "--jobs", "1")
    assert one == _run(*args, "--jobs", "2")
    data = json.loads(one)
    assert [(r["level"], r["hard"], r["hard_cards"]) for r in data["rows"]] == [
        ("low", 0, []), ("high", 1, [20])]
    assert data["games"] == 24 and data["wins"] == sum(r["wins"] for r in data["rows"])
    for row in data["rows"]:
        lo, hi = row["ci95"]
        assert lo <= row["win_rate"] <= hi and row["games"] == 12
        assert 0 <= row["lost_by_turn_2"] <= row["games"] - row["wins"]
    assert data["command"] == ("throne simulate --sweep --ladder --bot greedy --games 12 "
                               f"--seed 5 --content {edition} --write-ladder")


def test_a_level_with_k_cards_plays_the_seeds_of_hard_k_on_its_own_cards(edition):
    level = json.loads(_run("--level", "high", "--games", "10", "--json", "--bot", "random",
                            "--content", str(edition)))
    assert level["rows"][0]["hard_cards"] == [20] and level["games"] == 10
    assert level["command"].startswith("throne simulate --level high --bot random")


def test_write_ladder_round_trip_keeps_comments_and_changes_only_measured_lines(edition):
    path = edition / "ladder.yaml"
    report = json.loads(_run("--sweep", "--ladder", "--games", "10", "--json",
                             "--write-ladder", "--content", str(edition)))
    text = path.read_text()
    before, after = LADDER.splitlines(), text.splitlines()
    assert [line for line in after if "#" in line] == [line for line in before if "#" in line
                                                       and "not yet" not in line]
    assert after[2].startswith("  greedy: {command: ") and f'"{report["game"]}"' in after[2]
    assert after[3] == "  search: {}"
    assert after[7] == "    greedy: {" + _figures(report["rows"][0]) + "}"
    assert after[11] == "" and after[12] == "    search: {}"
    assert after[13] == "    greedy: {" + _figures(report["rows"][1]) + "}"  # added last
    levels = ladder_of(load_content(edition))
    for level, row in zip(levels, report["rows"], strict=True):
        fig = level.measured.get("greedy")
        assert fig is not None and fig.current and fig.games == 10
        assert abs(fig.win_rate - row["win_rate"]) < 1e-4 and fig.seed == 1
        assert fig.command == report["command"]
    # The same measurement again writes the same bytes.
    _run("--sweep", "--ladder", "--games", "10", "--write-ladder", "--content", str(edition))
    assert path.read_text() == text


def _figures(row: dict) -> str:
    lo, hi = row["ci95"]
    return (f"win_rate: {round(row['win_rate'], 4):g}, ci95: [{round(lo, 4):g}, "
            f"{round(hi, 4):g}], games: {row['games']}, mean_turns: "
            f"{round(row['mean_turns'], 2):g}")


def test_rewrite_adds_a_missing_measured_header_and_refuses_a_one_line_level():
    report = {"bot": "search", "seed": 2, "budget": 64, "command": "throne x", "game": "abc",
              "rows": [{"level": "low", "win_rate": 0.5, "ci95": [0.4, 0.6], "games": 50,
                        "mean_turns": 9.0}]}
    text = "levels:\n  - name: low\n    hard: []\n"
    assert rewrite(text, report) == (
        'measured:\n  search: {command: "throne x", seed: 2, budget: 64, game: "abc"}\n'
        "levels:\n  - name: low\n    hard: []\n"
        "    search: {win_rate: 0.5, ci95: [0.4, 0.6], games: 50, mean_turns: 9}\n")
    with pytest.raises(ThroneError, match="ladder.yaml:2: level low is written on one line"):
        rewrite("levels:\n  - {name: low, hard: []}\n", report)


def test_doc_gets_the_ladder_table_between_its_markers(edition, tmp_path):
    doc = tmp_path / "balance.md"
    doc.write_text(f"# Balance\n\n{DOC_BEGIN}\nold table\n{DOC_END}\n\nThe end.\n")
    svg = tmp_path / "ladder.svg"
    out = _run("--sweep", "--ladder", "--games", "6", "--write-ladder", "--doc", str(doc),
               "--plot", str(svg), "--content", str(edition))
    assert f"Ladder table written to {doc}" in out
    text = doc.read_text()
    assert "old table" not in text and text.endswith(f"{DOC_END}\n\nThe end.\n")
    assert "| `low` | none |" in text and "| `high` | 20 |" in text
    assert "- search: not yet measured." in text and "- greedy: `throne simulate" in text
    assert "greedy bot" in svg.read_text()
    (tmp_path / "plain.md").write_text("no markers\n")
    assert "has no place for the ladder table" in _fails(
        "--sweep", "--ladder", "--games", "2", "--write-ladder", "--doc",
        str(tmp_path / "plain.md"), "--content", str(edition))


def test_bad_ladder_options_are_one_line_refusals(edition, tmp_path):
    c = ("--content", str(edition))
    assert "add --sweep" in _fails("--ladder", *c)
    assert "with --sweep --ladder" in _fails("--write-ladder", "--sweep", *c)
    assert "add --write-ladder" in _fails("--doc", "x.md", "--sweep", "--ladder", *c)
    assert "without --sweep and --hard" in _fails("--level", "low", "--hard", "1", *c)
    assert "no such level; levels: low, high" in _fails("--level", "middle", *c)
    assert "not with --sweep or --hard" in _fails("--cards", "--sweep", *c)
    (edition / "ladder.yaml").unlink()
    assert "has no difficulty ladder" in _fails("--sweep", "--ladder", *c)
    before = (edition / "cards.yaml").read_bytes()
    _fails("--sweep", "--ladder", "--write-ladder", *c)
    assert (edition / "cards.yaml").read_bytes() == before
    assert not (edition / "ladder.yaml").exists()


@pytest.mark.slow
def test_per_card_report_on_a_tiny_run(edition):
    data = json.loads(_run("--cards", "--level", "high", "--games", "3", "--json",
                           "--content", str(edition)))
    assert data["level"] == "high" and data["hard_cards"] == [20] and data["games"] == 3
    assert [c["id"] for c in data["cards"]] == [*range(1, 19), 20]
    assert data["plain_card"] == {"bugles": 1, "swords": 1, "shields": 1, "king": ["rally"],
                                  "flags": 3}
    phase_picks = sum(c["phase"]["picked"] for c in data["cards"])
    assert phase_picks > 0
    for card in data["cards"]:
        for kind in ("phase", "battle"):
            assert 0 <= card[kind]["picked"] <= card[kind]["held"]
        for variant in ("removed", "swapped"):
            entry = card[variant]
            assert entry["change"] == pytest.approx(entry["win_rate"]
                                                    - data["base"]["win_rate"], abs=1e-5)
            lo, hi = entry["change_ci95"]
            assert lo <= entry["change"] <= hi
    assert _run("--cards", "--level", "high", "--games", "3", "--json", "--jobs", "2",
                "--content", str(edition)) == json.dumps(data, indent=2) + "\n"


def test_a_card_the_game_cannot_spare_is_kept(tmp_path):
    target = tmp_path / "content"
    shutil.copytree(default_content_dir(), target)
    (target / "ladder.yaml").unlink()
    map_yaml = target / "map.yaml"
    map_yaml.write_text(map_yaml.read_text().replace("hand_size: 5", "hand_size: 15"))
    data = json.loads(_run("--cards", "--games", "1", "--json", "--bot", "random",
                           "--content", str(target)))
    assert data["level"] is None and data["hard_cards"] == []
    assert data["cards"][0]["removed"] == {"skipped": "a game needs 18 normal cards"}


def test_plain_card_is_the_editions_average_card():
    content = load_content(default_content_dir())
    plain = plain_card(content, content.card(20))
    assert (plain.bugles, plain.swords, plain.shields, plain.king, plain.flags) == (
        1, 1, 1, ("rally",), 3)
    assert (plain.id, plain.priority, plain.hard) == (20, "falling", True)


def _pairs(both: int, only_a: int, only_b: int, neither: int) -> tuple[list, list]:
    """Two outcome lists with these counts of paired games."""
    a = [True] * (both + only_a) + [False] * (only_b + neither)
    b = [True] * both + [False] * only_a + [True] * only_b + [False] * neither
    return a, b


def test_paired_interval_by_published_examples():
    # Newcombe (1998), Table II, example (a), method 10: 0.0569 to 0.3404.
    lo, hi = paired_interval(*_pairs(36, 12, 2, 0))
    assert (round(lo, 4), round(hi, 4)) == (0.0569, 0.3404)
    # Altman et al., Statistics with Confidence (2000), table 6.2: 0.0115 to 0.2265.
    lo, hi = paired_interval(*_pairs(14, 5, 0, 22))
    assert (round(lo, 4), round(hi, 4)) == (0.0115, 0.2265)


def test_paired_interval_narrows_as_the_pairs_agree():
    # Uncorrelated pairs: Newcombe's unpaired interval, Wilson 0.15003-0.84997 per side.
    lo, hi = paired_interval(*_pairs(1, 1, 1, 1))
    assert round(hi, 4) == -round(lo, 4) == round(((0.5 - 0.15003) ** 2 * 2) ** 0.5, 4)
    # 100 games, 30 won by both, 60 by neither, 10 split 6-4: the unpaired
    # interval of 36 % against 34 % would be 0.26 wide.
    lo, hi = paired_interval(*_pairs(30, 6, 4, 60))
    assert lo < 0.02 < hi and hi - lo < 0.15
    with pytest.raises(ValueError):
        paired_interval([True], [True, False])


@pytest.mark.slow
def test_the_curve_goes_down_the_bundled_ladder():
    # CI-sized: 40 greedy games per level. The full figures come from the measured
    # ladder (docs/balance.md), not from a timed test.
    data = json.loads(_run("--sweep", "--ladder", "--games", "40", "--json", "--jobs", "2"))
    rates = [row["win_rate"] for row in data["rows"]]
    half = len(rates) // 2
    assert rates[0] > rates[-1] and sum(rates[:half]) > sum(rates[-half:])
    assert rates[0] == max(rates)


@pytest.mark.slow
def test_the_strong_player_finds_the_top_of_the_ladder_harder():
    # CI-sized: 12 games of the search bot at its sweep budget at each end of the
    # bundled ladder (the measured figures: 95 % and 21 %).
    def rate(level: str) -> float:
        return json.loads(_run("--level", level, "--bot", "search", "--games", "12", "--json",
                               "--jobs", "2"))["win_rate"]

    assert rate("peasant") > rate("legend") + 0.3


def test_the_search_bot_plays_a_level_with_its_budget(edition):
    data = json.loads(_run("--level", "high", "--bot", "search", "--budget", "1", "--games",
                           "1", "--json", "--content", str(edition)))
    assert data["budget"] == 1 and data["games"] == 1
    assert data["command"].startswith("throne simulate --level high --bot search --budget 1")


def test_balance_doc_shows_the_bundled_ladder_as_measured():
    # docs/balance.md's table is written by `--write-ladder --doc`: it must say what
    # content/ladder.yaml says (re-run the documented command after an edit).
    from throne_pnp.render.components.ladder_text import markdown_table

    doc = (Path(__file__).resolve().parents[1] / "docs" / "balance.md").read_text()
    region = doc[doc.index(DOC_BEGIN) + len(DOC_BEGIN):doc.index(DOC_END)]
    assert region == "\n" + markdown_table(load_content(default_content_dir())) + "\n"


def test_plot_draws_both_bots_when_the_other_is_stored(edition, tmp_path):
    from throne_pnp.content.ladder import ladder_digest

    digest = ladder_digest(load_content(edition))
    (edition / "ladder.yaml").write_text(
        "measured:\n"
        f'  search: {{command: "throne x", seed: 1, budget: 64, game: "{digest}"}}\n'
        "levels:\n"
        "  - name: low\n    hard: []\n"
        "    search: {win_rate: 0.9, ci95: [0.85, 0.94], games: 300}\n"
        "  - name: high\n    hard: [20]\n"
        "    search: {win_rate: 0.7, ci95: [0.65, 0.75], games: 300}\n")
    svg = tmp_path / "both.svg"
    _run("--sweep", "--ladder", "--games", "4", "--plot", str(svg), "--content", str(edition))
    drawing = svg.read_text()
    assert "search bot" in drawing and "greedy bot" in drawing
    assert drawing.count("<polyline") == 2
