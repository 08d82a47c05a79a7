"""Physical mode that knows what the player knows: `throne hand`, `fix --hand/--discard`.

A told hand makes the assistant refuse at once a card played from elsewhere
and a King's card (phase card, Uncertain Orders, battle) that is in the hand.
A player who never tells keeps the old behaviour.
"""

from __future__ import annotations

from test_assistant_helpers import ok, refused, run, session, status


def test_told_hand_refuses_every_kind_of_kings_card(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--physical", "--seed", "1")
    assert "hand" not in status(game)
    out = ok(game, "hand", "2,4,5,10,13").output
    assert "Your hand is noted: 2, 4, 5, 10, 13" in out
    assert status(game)["hand"] == [2, 4, 5, 10, 13]
    # a card played from elsewhere
    refused(game, "card", "7", contains="card 7 is not in your hand; your hand: 2, 4, 5, 10, 13")
    ok(game, "card", "4")                        # rally: King +1 in 9, 7, 3
    assert status(game)["hand"] == [2, 5, 10, 13]
    ok(game, "done")
    # the King's phase card
    refused(game, "card", "5", contains="5 is in your hand, so it cannot be the King's card")
    ok(game, "card", "6")                        # Uncertain Orders
    # a card dealt for Uncertain Orders
    refused(game, "card", "--draws", "10",
            contains="10 is in your hand, so it cannot be dealt for Uncertain Orders")
    refused(game, "card", "--draws", "11,13", contains="13 is in your hand")
    ok(game, "card", "--draws", "11,1")
    st = status(game)
    assert st["discard"][-2:] == [11, 1] and st["hand"] == [2, 5, 10, 13]


def test_told_hand_refuses_the_kings_battle_card(tmp_path):
    game = tmp_path / "g.json"
    at = tmp_path / "pos.yaml"
    at.write_text("king: {5: 2}\nplayer: {1: 2, 2: 1}\n")
    ok(game, "new", "--physical", "--at", str(at))
    ok(game, "hand", "2", "4", "6", "9", "12")     # spaces work too
    out = ok(game, "card", "2").output               # move-player, Falling: 5 -> 1
    assert "move 2 King cubes 5 -> 1" in out
    assert status(game)["pending_battles"] == [1]
    refused(game, "battle", "4", "--king-card", "6",
            contains="6 is in your hand, so it cannot be the King's card")
    refused(game, "battle", "3", "--king-card", "1", contains="card 3 is not in your hand")
    ok(game, "battle", "4")
    refused(game, "battle", "--king-card", "9", contains="9 is in your hand")
    ok(game, "battle", "--king-card", "1")
    st = status(game)
    assert st["hand"] == [6, 9, 12] and st["discard"] == [4, 1]


def test_a_hand_never_told_plays_as_before(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--physical", "--seed", "1")
    ok(game, "card", "7")                        # any card could be in the hand
    st = status(game)
    assert "hand" not in st and st["hand_count"] == 4


def test_hand_refusals(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--physical")
    refused(game, "hand", "1,2,3", contains="you have 5 cards in hand; you named 3")
    refused(game, "hand", "1,2,3,4,99", contains="no card 99")
    refused(game, "hand", "1,2,3,4,20", contains="not in this game")
    refused(game, "hand", "1,2,3,4,4", contains="named twice")
    refused(game, "hand", "1,2,x", contains="card numbers")
    virtual = tmp_path / "v.json"
    ok(virtual, "new", "--seed", "3")
    refused(virtual, "hand", "7,9,11,17,18", contains="virtual game")


def test_told_again_replaces_and_a_new_hand_is_unknown(tmp_path):
    game = tmp_path / "g.json"
    at = tmp_path / "pos.yaml"
    at.write_text("king: {9: 1}\nplayer: {1: 2}\n")
    ok(game, "new", "--physical", "--at", str(at))
    ok(game, "hand", "1,2,3,4,5")
    ok(game, "hand", "1,2,3,4,6")                # a typo put right
    assert status(game)["hand"] == [1, 2, 3, 4, 6]
    refused(game, "card", "5", contains="card 5 is not in your hand")
    log = ok(game, "log").output
    assert "`throne hand 1,2,3,4,6`: hand told: 1, 2, 3, 4, 6" in log
    ok(game, "undo")
    assert status(game)["hand"] == [1, 2, 3, 4, 5]


def test_status_and_odds_use_a_told_hand(tmp_path):
    game = tmp_path / "g.json"
    at = tmp_path / "pos.yaml"
    at.write_text("king: {5: 2}\nplayer: {1: 2, 2: 1}\n")
    ok(game, "new", "--physical", "--at", str(at))
    out = ok(game, "card", "2").output
    assert "win   lose" not in out                # hand unknown: no odds table
    ok(game, "undo")
    ok(game, "hand", "2,4,6,9,12")
    out = ok(game, "card", "2").output
    assert "card   win   lose" in out             # the odds of each card of the hand
    rows = [line.split()[0] for line in out.splitlines()
            if line[:4].strip().isdigit() and "%" in line]
    assert sorted(map(int, rows)) == [4, 6, 9, 12]
    assert "(hand: 4, 6, 9, 12)" in out
    text = ok(game, "status").output
    assert "Your hand (as you told it):" in text and "seed" not in text


def test_fix_cards(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--physical", "--seed", "1")
    ok(game, "card", "7")
    ok(game, "battle", "18", "--king-card", "4")   # mistyped: the King's card was 3
    st = status(game)
    assert st["discard"] == [18, 4]
    before = game.read_bytes()
    refused(game, "fix", "--discard", "18,7", contains="on the table")
    refused(game, "fix", "--hand", "1,2", contains="you have 3 cards in hand; you named 2")
    refused(game, "fix", "--discard", "18,x", contains="card numbers")
    refused(game, "fix", contains="say what the table shows")
    refused(game, "fix", "--king", "2", contains="need the territory")
    assert game.read_bytes() == before
    out = ok(game, "fix", "--discard", "18,3").output
    assert "Record fixed: the discard pile now holds 18, 3 (was 18, 4)." in out
    st = status(game)
    # 18 cards: 3 in hand, 7 on the table, 2 discarded -> 12 in the deck
    assert st["discard"] == [18, 3] and st["deck_count"] == 12
    out = ok(game, "fix", "--hand", "1,2,5", "--discard", "-").output
    assert "your hand now holds 1, 2, 5" in out and "the discard pile now holds no card" in out
    st = status(game)
    # 18 cards: 3 in hand, 7 on the table, none discarded -> 14 in the deck
    assert st["hand"] == [1, 2, 5] and st["discard"] == [] and st["deck_count"] == 14
    log = ok(game, "log").output
    assert "`throne fix --hand 1,2,5 --discard -`" in log
    ok(game, "undo", "2")
    assert game.read_bytes() == before


def test_fix_refuses_what_the_rules_forbid(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--physical", "--seed", "1")
    refused(game, "fix", "1", "--player", "3", contains="limit")
    refused(game, "fix", "1", "--player", "0", contains="lost")
    refused(game, "fix", "7", "--king", "6", contains="at most 5")
    refused(game, "fix", "12", "--king", "1", contains="no territory 12")
    refused(game, "fix", "7", "--king", "2", contains="nothing to fix")
    ok(game, "fix", "2", "--player", "1")
    assert session(game).game.position.player[2] == 1


def test_hand_in_play(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--physical", "--seed", "1")
    result = run(game, "play", input="hand 1 2 3 4 5\n7\n1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Your hand is noted: 1, 2, 3, 4, 5" in result.output
    assert "Refused: card 7 is not in your hand" in result.output
    assert status(game)["phase_card"] == 1
