"""The table page's routes, in process: pages, commands, refusals, one save with the CLI."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_web_helpers import COMMAND_WORDS, button_names, content, game_of, make_client, post

from throne_pnp.assistant.session import Session
from throne_pnp.cli import cli

pytest.importorskip("starlette")


def throne(game, *args):
    result = CliRunner().invoke(cli, [*args, "--game", str(game)])
    return result


@pytest.fixture
def game(tmp_path):
    path = tmp_path / "g.json"
    assert throne(path, "new", "--seed", "3").exit_code == 0   # hand 7, 9, 11, 17, 18
    return path


def commands_in(path):
    return json.loads(path.read_text())["commands"]


def test_no_game_offers_the_new_game_form(tmp_path):
    client, _ = make_client(tmp_path / "g.json")
    page = client.get("/")
    assert page.status_code == 200
    assert "There is no game" in page.text and "New game" in button_names(page.text)
    made = post(client, page.text, "/new", mode="physical", hard="2", seed="11")
    assert made.status_code == 303 and made.headers["location"] == "/"
    saved = json.loads((tmp_path / "g.json").read_text())
    assert saved["mode"] == "physical" and saved["seed"] == 11 and len(saved["hard"]) == 2


def test_new_game_will_not_replace_a_game_unless_told(game):
    client, _ = make_client(game)
    before = game.read_bytes()
    page = client.get("/new")
    refused = post(client, page.text, "/new", mode="virtual", seed="5")
    assert refused.headers["location"] == "/new" and game.read_bytes() == before
    assert "already holds a game" in client.get("/new").text
    post(client, page.text, "/new", mode="virtual", seed="5", force="yes")
    assert json.loads(game.read_text())["seed"] == 5


def test_the_hand_is_offered_as_card_buttons(game):
    client, _ = make_client(game)
    names = button_names(client.get("/").text)
    cards = [n for n in names if n.startswith("Card ")]
    assert [c.split(" · ")[0] for c in cards] == ["Card 7", "Card 9", "Card 11", "Card 17",
                                                  "Card 18"]
    assert cards[1].startswith("Card 9 · Harvest Tithe")


def test_every_button_starts_with_its_command_word(game):
    client, _ = make_client(game)
    pages = [client.get(p).text for p in ("/", "/fix?at=7", "/new", "/log")]
    post(client, pages[0], "/card", card=7)
    pages.append(client.get("/").text)                 # a battle
    for text in pages:   # but the page's own tools for the checklist, which send nothing
        for name in set(button_names(text)) - {"All done on the table", "Why?"}:
            assert name.lower().startswith(COMMAND_WORDS), name


def test_a_card_command_shows_the_kings_moves_and_the_battle_odds(game):
    client, _ = make_client(game)
    done = post(client, client.get("/").text, "/card", card=7)
    assert done.status_code == 303 and done.headers["location"] == "/"
    assert commands_in(game) == [["card 7"]]
    page = client.get("/").text
    assert "after \u201cplay card 7" in page                      # in words, the CLI's beside
    assert "move 1 King cube from 3 Corvid Keep to 5 Middlemere" in page  # the checklist
    assert 'aria-label="The King moved 1 cube from 3 to 5"' in page  # its arrow
    battles = [n for n in button_names(page) if n.startswith("Battle ")]
    assert len(battles) == 4 and all(" wins this battle" in n for n in battles)  # 7 is on the table


def test_a_refused_command_explains_and_leaves_the_save_alone(game):
    client, _ = make_client(game)
    before = game.read_bytes()
    page = client.get("/").text
    answer = post(client, page, "/card", card=12)
    assert answer.status_code == 303 and game.read_bytes() == before
    shown = client.get("/").text
    assert "Refused: card" in shown and "card 12 is not in your hand" in shown
    assert "Refused" not in client.get("/").text           # shown once
    post(client, page, "/card", card="7; rm")
    assert "must be a whole number" in client.get("/").text
    post(client, page, "/move", count=1, **{"from": 1, "to": 2})
    assert "cannot move now" in client.get("/").text
    assert game.read_bytes() == before


def test_player_actions_offer_only_legal_moves(tmp_path):
    game = tmp_path / "g.json"
    throne(game, "new", "--seed", "3")
    for args in (("card", "7"), ("battle", "18")):
        assert throne(game, *args).exit_code == 0
    client, _ = make_client(game)
    page = client.get("/").text
    assert "Done: end Player Actions (3 points unused)" in button_names(page)
    legal = Session.open(game, content()).game.legal_moves()
    counts: dict[tuple[int, int], int] = {}
    for action in legal:
        count, a, b = action.args
        counts[(a, b)] = max(count, counts.get((a, b), 0))
    sources = sorted({int(s) for s in re.findall(r'href="/\?from=(\d+)#now"', page)})
    assert sources == sorted({a for a, _ in counts}) == [1]
    src = sources[0]
    picked = client.get(f"/?from={src}").text
    dests = sorted({int(d) for d in re.findall(rf'href="/\?from={src}&amp;to=(\d+)#now"', picked)})
    assert dests == sorted(b for a, b in counts if a == src)
    stepper = client.get(f"/?from={src}&to={dests[0]}").text
    assert f"Move {counts[(src, dests[0])]} from {src} to {dests[0]}" in button_names(stepper)
    # a territory that is not a legal source is not offered even when asked for
    assert "Move one cube more" not in button_names(client.get("/?from=9&to=6").text)


def test_move_emptying_home_needs_the_tick(tmp_path):
    game = tmp_path / "g.json"
    start = tmp_path / "pos.yaml"
    start.write_text("{player: {1: 1, 5: 1}, king: {3: 2, 7: 2, 9: 2}}")
    throne(game, "new", "--seed", "3", "--at", str(start))
    assert throne(game, "card", "18").exit_code == 0     # rally: no battle, 4 points
    client, _ = make_client(game)
    page = client.get("/?from=1&to=5").text
    assert "Move 1 from 1 to 5" in button_names(page) and "empties your home castle" in page
    before = game.read_bytes()
    post(client, page, "/move", count=1, **{"from": 1, "to": 5})
    assert game.read_bytes() == before
    assert "this move empties your home castle 1" in client.get("/").text
    post(client, page, "/move", count=1, confirmed="yes", **{"from": 1, "to": 5})
    assert commands_in(game)[-1] == ["move 1 1 5"]


def test_undo_shows_how_to_put_the_table_back(game):
    client, _ = make_client(game)
    post(client, client.get("/").text, "/card", card=7)
    page = client.get("/").text
    post(client, page, "/undo")
    assert commands_in(game) == []
    shown = client.get("/").text
    assert "Took back \u201cplay card 7" in shown
    assert "move 1 King cube from 5 Middlemere to 3 Corvid Keep" in shown


def test_fix_from_the_page_is_logged(game):
    client, _ = make_client(game)
    page = client.get("/fix?at=7").text
    assert "Fix territory 7" in button_names(page)
    post(client, page, "/fix", at=7, king=3, player=0)
    assert commands_in(game) == [["fix 7 king=3 player=0"]]
    assert "\u201cfix 7 king 3 player 0\u201d" in client.get("/log").text
    post(client, page, "/fix", at=7, king=3, player=0)      # the same form again
    assert "the game moved on since this page was shown" in client.get("/fix").text
    assert commands_in(game) == [["fix 7 king=3 player=0"]]
    post(client, client.get("/fix?at=7").text, "/fix", at=7, king=3, player=0)
    assert "nothing to fix" in client.get("/fix").text


def test_physical_pad_offers_possible_cards_only(tmp_path):
    game = tmp_path / "g.json"
    throne(game, "new", "--physical", "--seed", "1")
    client, _ = make_client(game)
    names = [n for n in button_names(client.get("/").text) if n.startswith("Card ")]
    assert [n.split(" · ")[0] for n in names] == [f"Card {i}" for i in range(1, 19)]
    post(client, client.get("/").text, "/card", card=16)        # move-wheat, 5 flags
    assert commands_in(game) == [["card 16"]]
    post(client, client.get("/").text, "/done")
    page = client.get("/").text
    kings = [n for n in button_names(page) if n.startswith("Card ")]
    assert [n.split(" · ")[0] for n in kings] == [f"Card {i}" for i in range(1, 19) if i != 16]
    assert kings[2] == "Card 3 · Iron Rain, the King's card"
    post(client, page, "/card", card=16)                        # on the discard pile
    assert "card 16 is in the discard pile" in client.get("/").text
    post(client, page, "/card", card=3)
    assert commands_in(game)[-1] == ["card 3"]


def test_cli_and_page_share_the_save_and_the_version_moves(game):
    client, _ = make_client(game)
    first = client.get("/version").json()["version"]
    assert client.get("/version").json()["version"] == first
    assert throne(game, "card", "7").exit_code == 0            # the CLI
    second = client.get("/version").json()["version"]
    assert second != first
    page = client.get("/").text
    assert f'data-version="{second}"' in page and "after \u201cplay card 7" in page
    post(client, page, "/battle", card=18)                      # the page
    shown = client.get("/").text
    assert "Battle in 1: you won; casualties: you 0, the King 1" in shown   # King's card 5
    assert "<figcaption>The King&#39;s battle card in 1: 5</figcaption>" in shown
    out = throne(game, "log").output
    assert "battle 18" in out


def test_first_load_is_small(game):
    client, _ = make_client(game)
    page = client.get("/")
    total = len(page.content) + sum(len(client.get(f"/static/{n}").content)
                                    for n in ("table.css", "table.js"))
    assert total < 300_000
    assert "http://" not in page.text.replace("http://www.w3.org", "")  # nothing fetched


def test_static_files_and_unknown_paths(game):
    client, _ = make_client(game)
    assert client.get("/static/table.css").headers["content-type"].startswith("text/css")
    for path in ("/static/app.py", "/static/..%2fapp.py", "/static/%2e%2e/door.py", "/nope"):
        assert client.get(path).status_code == 404, path


def test_telling_the_hand_in_a_physical_game(tmp_path):
    game = tmp_path / "g.json"
    throne(game, "new", "--physical", "--seed", "1")
    client, _ = make_client(game)
    page = client.get("/").text
    assert 'href="/hand"' in page
    form = client.get("/hand").text
    assert "Hand: these are my cards" in button_names(form)
    assert re.findall(r'name="cards" value="(\d+)"', form) == [str(i) for i in range(1, 19)]
    client.post("/hand", data={"csrf": re.search(r'name="csrf" value="([^"]+)"', form)
                               .group(1), "game": game_of(form), "cards": ["3", "6", "9"]})
    assert "you have 5 cards in hand; you named 3" in client.get("/hand").text
    post(client, form, "/hand", cards="3,6,9,12,14")
    assert commands_in(game) == [["hand 3 6 9 12 14"]]
    played = [n for n in button_names(client.get("/").text) if n.startswith("Card ")]
    assert [n.split(" · ")[0] for n in played] == ["Card 3", "Card 6", "Card 9", "Card 12",
                                                   "Card 14"]


def test_a_tap_waits_for_a_cli_command_holding_the_lock(game):
    import threading

    from throne_pnp.assistant.lock import save_lock

    client, _ = make_client(game)
    page = client.get("/").text
    held = threading.Event()
    release = threading.Event()

    def cli_command():
        with save_lock(game):
            held.set()
            release.wait(5)

    other = threading.Thread(target=cli_command)
    other.start()
    held.wait(5)
    threading.Timer(0.3, release.set).start()
    answer = post(client, page, "/card", card=7)       # waits, then runs
    other.join(5)
    assert answer.status_code == 303 and commands_in(game) == [["card 7"]]


def test_fix_the_discard_pile_of_a_physical_game(tmp_path):
    game = tmp_path / "g.json"
    throne(game, "new", "--physical", "--seed", "1")
    throne(game, "card", "16")
    throne(game, "done")                    # card 16 is now on the discard pile
    client, _ = make_client(game)
    page = client.get("/fix").text
    assert "Fix the discard pile" in button_names(page) and "Fix my hand" in button_names(page)
    assert re.search(r'value="16" checked', page)
    post(client, page, "/fix", part="discard", cards="16,4")
    assert commands_in(game)[-1] == ["fixcards discard=16,4"]
    assert "discard 2" in client.get("/").text


def test_a_damaged_save_is_explained_and_only_replaced_when_told(tmp_path):
    game = tmp_path / "g.json"
    game.write_text('{"format": "throne-game", "version": 1}')
    client, _ = make_client(game)
    page = client.get("/")
    assert page.status_code == 200 and "cannot be read" in page.text
    assert "damaged save file" in page.text and 'name="force"' in page.text
    post(client, page.text, "/new", mode="virtual", seed="2")
    assert "already holds a game" in client.get("/new").text
    post(client, page.text, "/new", mode="virtual", seed="2", force="yes")
    assert json.loads(game.read_text())["seed"] == 2


def test_content_without_drawing_data_still_plays(tmp_path):
    import shutil

    import yaml

    from throne_pnp.content import load_content

    edition = tmp_path / "plain"
    shutil.copytree(Path(__file__).resolve().parents[1] / "content", edition)
    data = yaml.safe_load((edition / "map.yaml").read_text())
    data.pop("drawing")
    for terr in data["territories"].values():
        for key in ("shape", "label", "cubes"):
            terr.pop(key, None)
    (edition / "map.yaml").write_text(yaml.safe_dump(data))
    plain = load_content(edition)
    assert not plain.map.drawable
    game = tmp_path / "g.json"
    result = CliRunner().invoke(cli, ["new", "--seed", "3", "--game", str(game),
                                      "--content", str(edition)])
    assert result.exit_code == 0, result.output
    client, _ = make_client(game, edition=plain)
    page = client.get("/").text
    assert 'class="board"' not in page and "Card 7 · Shieldwall" in " ".join(
        button_names(page))
    post(client, page, "/card", card=7)
    post(client, client.get("/").text, "/battle", card=18)
    assert 'href="/?from=1#now"' in client.get("/").text          # moves offered as links


# ------------------------------------------------------------------ out-of-date forms

def test_two_identical_undos_take_back_one_command(game):
    client, _ = make_client(game)
    post(client, client.get("/").text, "/card", card=7)
    post(client, client.get("/").text, "/battle", card=9)
    assert len(commands_in(game)) == 2
    page = client.get("/").text
    first = post(client, page, "/undo")
    assert first.status_code == 303 and commands_in(game) == [["card 7"]]
    after_one = game.read_bytes()
    second = post(client, page, "/undo")                    # a double tap, a re-sent form
    assert second.status_code == 303 and second.headers["location"] == "/#now"
    assert game.read_bytes() == after_one
    shown = client.get("/").text
    assert "the game moved on since this page was shown: nothing was done" in shown


def test_a_page_shown_before_a_cli_command_acts_on_nothing(game):
    client, _ = make_client(game)
    page = client.get("/").text                             # a second phone, left open
    assert throne(game, "card", "7").exit_code == 0
    before = game.read_bytes()
    post(client, page, "/card", card=9)
    assert game.read_bytes() == before
    assert "the game moved on since this page was shown" in client.get("/").text
    post(client, client.get("/").text, "/battle", card=9)   # the page shown now works
    assert commands_in(game)[-1][0] == "battle 9"


def test_a_form_without_the_game_version_is_refused(game):
    client, _ = make_client(game)
    page = client.get("/").text
    before = game.read_bytes()
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    for extra in ({}, {"game": ""}, {"game": "0-000000000000"}):
        answer = client.post("/card", data={"csrf": csrf, "card": "7", **extra})
        assert answer.status_code == 303 and game.read_bytes() == before
    assert "nothing was done" in client.get("/").text


def test_a_new_game_form_sent_twice_replaces_the_game_once(game):
    client, _ = make_client(game)
    page = client.get("/new").text
    post(client, page, "/new", mode="virtual", seed="5", force="yes")
    replaced = game.read_bytes()
    assert json.loads(replaced)["seed"] == 5
    again = post(client, page, "/new", mode="virtual", seed="6", force="yes")
    assert again.headers["location"] == "/new" and game.read_bytes() == replaced
    assert "the game moved on" in client.get("/new").text


def test_each_form_carries_the_version_of_the_game_it_shows(game):
    client, _ = make_client(game)
    page = client.get("/").text
    versions = set(re.findall(r'name="game" value="([^"]*)"', page))
    assert len(versions) == 1 and versions.pop().startswith("0-")
    post(client, page, "/card", card=7)
    now = set(re.findall(r'name="game" value="([^"]*)"', client.get("/").text))
    assert len(now) == 1 and now.pop().startswith("1-")
    assert game_of(client.get("/fix?at=7").text).startswith("1-")


def test_a_move_out_of_home_starts_at_the_most_that_keeps_home_held(tmp_path):
    game = tmp_path / "g.json"
    start = tmp_path / "pos.yaml"
    start.write_text("{player: {1: 3, 6: 1}, king: {3: 2, 7: 2, 9: 2}}")
    throne(game, "new", "--seed", "3", "--at", str(start))
    assert throne(game, "card", "18").exit_code == 0     # rally: no battle, 4 points
    client, _ = make_client(game)
    page = client.get("/?from=1&to=5").text              # 1, 2 or 3 of the 3 at home
    assert re.search(r'name="count" min="1" max="3" value="2"', page)
    assert "Move 2 from 1 to 5" in button_names(page)
    # the warning is only for all 3 (the script shows it when the count reaches 3)
    assert 'data-emptying="3"' in page and "Moving all 3 cubes empties your home" in page
    post(client, page, "/move", count=2, **{"from": 1, "to": 5})
    assert commands_in(game)[-1] == ["move 2 1 5"]
    # away from home the whole force is the default, with no warning at all
    away = client.get("/?from=5&to=1").text
    assert re.search(r'name="count" min="1" max="2" value="2"', away)
    assert 'data-emptying=""' in away and "empties your home" not in away


def test_an_old_save_without_typed_words_never_shows_dealt_cards(game):
    """A save written before the typed words were kept (no `said`) shows the
    player's own last command in words, never `deal N` (the cards the program
    dealt into the new hand, which the page has not shown)."""
    # card 7 brings a battle in 1: the King's battle card is dealt with `battle 18`
    for args in (("card", "7"), ("battle", "18")):
        assert throne(game, *args).exit_code == 0, args
    data = json.loads(game.read_text())
    assert any(a.startswith("deal ") for a in data["commands"][-1])
    data.pop("said", None)
    game.write_text(json.dumps(data))
    client, _ = make_client(game)
    text = client.get("/").text
    assert not re.search(r"\bdeal \d+", text), re.findall(r".{40}\bdeal \d+.{20}", text)
    assert "battle 18" in text
