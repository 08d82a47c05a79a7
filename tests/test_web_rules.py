"""The rules screen (`/rules`), in process: its sections and diagrams, the
search box, the link from every screen, and the rule links beside the King's
reasons."""

from __future__ import annotations

import html
import re

import pytest
from click.testing import CliRunner
from test_web_helpers import content, make_client

from throne_pnp.cli import cli
from throne_pnp.web.rulespage import matching, rules_sections

pytest.importorskip("starlette")


@pytest.fixture
def game(tmp_path):
    path = tmp_path / "g.json"
    assert CliRunner().invoke(cli, ["new", "--seed", "3", "--game", str(path)]).exit_code == 0
    return path


def ids(text: str) -> list[str]:
    return re.findall(r'<article class="rule-section[^"]*" id="([^"]+)"', text)


def test_the_rules_screen_has_every_section_ruling_and_example(game) -> None:
    client, _ = make_client(game)
    page = client.get("/rules")
    assert page.status_code == 200
    found = ids(page.text)
    for anchor in ["components", "setup", "turn", "rally", "movement", "uncertain",
                   "battles", "actions", "end", "ladder", "faq"] + [f"r{n}" for n in
                                                                     range(1, 15)]:
        assert anchor in found, anchor
    for ex in content().examples:
        figure = re.search(rf'<figure class="example" id="example-{ex.name}">(.*?)</figure>',
                           page.text, re.S)
        assert figure, ex.name
        assert figure.group(1).count('<svg class="diagram"') == 2
        assert html.escape(ex.title) in figure.group(1)
    assert '<figure class="setup">' in page.text and 'class="ladder"' in page.text
    # every inline icon has its symbol on the page, and no id is defined twice
    used = set(re.findall(r'<use href="#([^"]+)"', page.text))
    defined = re.findall(r'<symbol id="([^"]+)"', page.text)
    assert used <= set(defined) and len(defined) == len(set(defined))


def test_the_search_box_filters_sections_without_javascript(game) -> None:
    client, _ = make_client(game)
    page = client.get("/rules", params={"q": "withdraw limit"})
    found = ids(page.text)
    assert "r14" in found and "r9" in found and "r1" not in found and "turn" not in found
    assert f"{len(found)} of" in page.text and 'value="withdraw limit"' in page.text
    none = client.get("/rules", params={"q": "zeppelin"})
    assert ids(none.text) == [] and "No section holds all of those words" in none.text
    odd = client.get("/rules", params={"q": "<script>" * 30})
    assert odd.status_code == 200 and "<script><script>" not in odd.text


def test_matching_needs_every_word() -> None:
    sections = rules_sections(content())
    assert matching(sections, "") == sections
    both = {s.anchor for s in matching(sections, "rally castle")}
    assert "rally" in both and all("rally" in s.words and "castle" in s.words
                                   for s in matching(sections, "rally castle"))
    assert {s.anchor for s in matching(sections, "R14")} >= {"r14"}


@pytest.mark.parametrize("path", ["/", "/log", "/fix", "/new", "/hand", "/rules"])
def test_every_screen_links_the_rules(game, path) -> None:
    client, _ = make_client(game)
    page = client.get(path)
    assert page.status_code == 200
    links = re.findall(r'<a href="/rules"[^>]*>([^<]*)</a>', page.text)
    assert links and links[0].lower().startswith("rules")


def test_each_kings_reason_links_the_rule_it_applies(game) -> None:
    assert CliRunner().invoke(cli, ["card", "9", "--game", str(game)]).exit_code == 0
    client, _ = make_client(game)
    page = client.get("/").text
    ticks = re.findall(r'<li class="tick[^"]*">(.*?)</li>', page, re.S)
    king = [t for t in ticks if "King cube" in t]
    assert king
    for tick in king:
        link = re.search(r'<a class="rule" href="/rules#(r\d+)" aria-label="rule R\d+: why">',
                         tick)
        assert link, tick
        assert link.group(1) == ("r4" if "<strong>add " in tick else "r3")
