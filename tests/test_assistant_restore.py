"""Undo prints the checklist that puts the table back; recover keeps what replays.

The expected lines were worked out by hand from the moves each command made.
"""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st
from test_assistant_helpers import ok, refused, run, status

from throne_pnp.assistant.tablediff import RECORDED_NOTE, cube_changes
from throne_pnp.content import load_content
from throne_pnp.rules.board import board_for
from throne_pnp.rules.position import Position


def lines_after(out: str, head: str) -> list[str]:
    lines = out.splitlines()
    start = lines.index(head) + 1
    rest = []
    for line in lines[start:]:
        if not line.startswith("  "):
            break
        rest.append(line.strip())
    return rest


def test_undo_a_move_moves_the_cube_back(tmp_path):
    game = tmp_path / "g.json"
    at = tmp_path / "pos.yaml"
    at.write_text("king: {9: 1}\nplayer: {1: 2, 6: 1}\n")
    ok(game, "new", "--physical", "--at", str(at))
    ok(game, "card", "1")                        # rally: King +1 in 9; 3 flags
    ok(game, "move", "1", "6", "3")
    out = ok(game, "undo").output
    assert lines_after(out, "Put the table back:") == ["[ ] move 1 of your cubes 3 -> 6"]
    data = json.loads(ok(game, "undo", "--json").output)
    assert data["checklist"] == [
        "Put the table back:",
        "  [ ] take 1 King cube off 9 (back to the supply)",
        "  [ ] take card 1 from the table back to your hand"]


def test_undo_the_kings_action_and_a_battle(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--physical", "--seed", "1")
    ok(game, "card", "7")          # King: 3 -> 5 -> 1, 7 -> 5, 9 -> 6 (test_assistant_physical)
    ok(game, "battle", "18", "--king-card", "4")  # no casualties; the King withdraws 1 -> 2
    out = ok(game, "undo").output
    assert lines_after(out, "Put the table back:") == [
        "[ ] move 1 King cube 2 -> 1",
        # 4 is the number typed for the King's card: "recorded as", and how to fix it
        "[ ] take the card recorded as 4 from the discard pile back on top of the deck",
        "[ ] take card 18 from the discard pile back to your hand",
        RECORDED_NOTE]
    assert "`throne fix --hand IDS --discard IDS`" in RECORDED_NOTE
    out = ok(game, "undo").output
    # now {1: 1, 3: 1, 5: 1, 6: 1, 7: 1, 9: 1} -> setup {3: 2, 7: 2, 9: 2}:
    # nearest pairs first: 5 -> 3 and 6 -> 9 (1 step), then 1 -> 7 (2 steps)
    assert lines_after(out, "Put the table back:") == [
        "[ ] move 1 King cube 5 -> 3",
        "[ ] move 1 King cube 6 -> 9",
        "[ ] move 1 King cube 1 -> 7",
        "[ ] take card 7 from the table back to your hand"]


def test_undo_in_a_virtual_game_names_no_cards(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "3")
    ok(game, "card", "7")
    out = ok(game, "undo").output
    assert "Cards dealt go back into the deck" in out
    assert "take card" not in out and "[ ] move" in out


def test_undo_the_last_card_puts_the_new_hand_back(tmp_path):
    game = tmp_path / "g.json"
    for command in ["new --physical --seed 4", "card 8", "move 1 1 5 --yes", "rally 1",
                    "move 1 1 2 --yes", "done", "card 14", "card --draws 11",
                    "card --draws 16", "battle 17", "battle --king-card 1", "rally 1",
                    "move 1 5 2 --yes", "done", "battle 4", "battle --king-card 3", "card 9",
                    "move 1 1 2 --yes", "rally 1", "done"]:
        ok(game, *command.split())
    assert status(game)["hand_count"] == 1
    out = ok(game, "battle", "6").output           # the last card of the hand
    assert "draw 5 new cards" in out
    assert ("Next: Battle in 2: that was your last card, so first draw your new hand "
            "(5 cards), then turn over the next card of the deck for the King") in out
    out = ok(game, "undo").output
    # the new hand goes back first, so card 6 is not taken for one of them
    assert lines_after(out, "Put the table back:") == [
        "[ ] put the 5 cards you drew last back on top of the deck",
        "[ ] take card 6 from the table back to your hand"]
    out = ok(game, "battle", "6", "--king-card", "12").output
    assert ("Note: 6 was your last card: draw your new hand first, then the King's card 12"
            in out)
    assert out.index("draw 5 new cards") < out.index("(card 12)")


def test_cube_changes_pair_moves_and_supply(tmp_path):
    board = board_for(load_content())
    now = Position.from_counts(board, {2: 1, 8: 3}, {1: 1, 5: 2})
    target = Position.from_counts(board, {7: 2, 4: 1}, {1: 3})
    assert cube_changes(board, now, target) == [
        ("move", "player", 2, 5, 1),
        ("move", "king", 1, 2, 7),     # (1 step; 8 -> 7 and 8 -> 4 are 1 step too)
        ("move", "king", 1, 8, 4),
        ("move", "king", 1, 8, 7),
        ("remove", "king", 1, 8, None)]


# --------------------------------------------------------------------------- recover

def damage(game, number: int, text: str) -> bytes:
    data = json.loads(game.read_text())
    data["commands"][number - 1] = [text]
    game.write_text(json.dumps(data))
    return game.read_bytes()


def test_recover_keeps_the_good_prefix_in_a_new_file(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--physical", "--seed", "1")
    for command in ["card 7", "battle 18 --king-card 4", "move 1 1 2", "done"]:
        ok(game, *command.split())
    assert "nothing to recover" in ok(game, "recover").output
    broken = damage(game, 3, "move 1 1 9")
    refused(game, "status", contains="`throne recover` keeps the commands before it")
    out = ok(game, "recover").output
    assert "  2. turn 1, your card phase: `throne battle 18 --king-card 4`" in out
    assert "  3. `move 1 1 9` no longer replays: 9 is not next to 1" in out
    assert "(and 1 command after it)" in out
    assert f"`throne recover --out {tmp_path / 'g-recovered.json'}`" in out
    kept = tmp_path / "kept.json"
    out = ok(game, "recover", "--out", str(kept)).output
    assert "Kept 2 commands in" in out
    assert game.read_bytes() == broken             # the damaged file is never changed
    st = status(kept)
    assert st["step"] == "actions" and st["discard"] == [18, 4]
    refused(game, "recover", "--out", str(kept), contains="already exists")
    refused(game, "recover", "--out", str(game), contains="damaged save itself")
    data = json.loads(ok(game, "recover", "--json").output)
    assert data["good"] == 2 and data["bad"]["number"] == 3 and data["commands"] == 4


def test_recover_refuses_what_cannot_be_read(tmp_path):
    game = tmp_path / "g.json"
    game.write_text("{not json")
    refused(game, "recover", contains="damaged JSON")
    refused(tmp_path / "none.json", "recover", contains="no tracked game")


def test_recover_after_a_content_change(tmp_path):
    import shutil

    from throne_pnp.content import default_content_dir

    content = tmp_path / "content"
    shutil.copytree(default_content_dir(), content)
    game = tmp_path / "g.json"
    ok(game, "new", "--physical", "--seed", "1", "--content", str(content))
    ok(game, "card", "7", "--content", str(content))
    ok(game, "battle", "18", "--king-card", "4", "--content", str(content))
    cards = content / "cards.yaml"
    # card 7 now rallies instead of moving: no battle follows it any more
    text = cards.read_text()
    line = next(x for x in text.splitlines() if "{id: 7," in x)
    cards.write_text(text.replace(line, line.replace("[move-player]", "[rally]")))
    refused(game, "status", "--content", str(content), contains="cards.yaml: card 7's king")
    out = run(game, "recover", "--content", str(content)).output
    assert "2. `battle 18; deal 4` no longer replays: cannot play a battle card now" in out
    assert "content differs" in out
    kept = tmp_path / "kept.json"
    ok(game, "recover", "--out", str(kept), "--content", str(content))
    assert ok(kept, "status", "--json", "--content", str(content)).output


counts = st.dictionaries(st.integers(1, 9), st.integers(0, 5), max_size=9)


@given(king_now=counts, player_now=counts, king_then=counts, player_then=counts)
def test_cube_changes_turn_one_position_into_the_other(king_now, player_now, king_then,
                                                       player_then):
    board = board_for(load_content())
    now = Position.from_counts(board, king_now, player_now)
    target = Position.from_counts(board, king_then, player_then)
    work = now.copy()
    changes = cube_changes(board, now, target)
    for kind, side, n, src, dst in changes:
        assert n > 0
        counts_ = work.side(side)
        if kind in ("move", "remove"):
            assert counts_[src] >= n
            counts_[src] -= n
        if kind in ("move", "add"):
            counts_[dst] += n
    assert work == target
    for side in ("king", "player"):   # never both a cube taken off and one put back
        kinds = {k for k, s, *_ in changes if s == side}
        assert not {"add", "remove"} <= kinds
