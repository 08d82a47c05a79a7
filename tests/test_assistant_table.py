"""A physical table replayed from the checklists: the record matches the piles card for card.

`Table` is the kitchen table: a real deck (top first), a hand, a discard pile
and the cards lying on the table. It is changed only by doing what the
assistant's checklist says (draw a new hand, shuffle the discard pile into a
new deck, put cards on the discard pile) and by turning over the top card
when `Next:` asks for one. After every command the record (`status --json`
and the engine's card zones) must match the table card for card. The games
are played until one has the deck run out on the King's battle card, the
case where the order of the reshuffle and the discards matters (R10).
"""

from __future__ import annotations

import random
import re

import pytest
from test_assistant_helpers import legal_commands, ok, sensible_pick, session, status

HAND_LINE = re.compile(r"\[ \] your hand is empty: draw (\d+) new cards? from the deck")
SHUFFLE_LINE = re.compile(r"\[ \] the deck is empty: shuffle the discard pile \((\d+) cards?\)")
PHASE_LINE = re.compile(r"\[ \] put the phase card (\d+) on the discard pile")
BATTLE_LINE = re.compile(r"\[ \] put battle cards (\d+) and (\d+) on the discard pile")
KEPT_LINE = re.compile(r"then put card (\d+) on the new discard pile")
UNCERTAIN_LINE = re.compile(r"\[ \] dealt for Uncertain Orders: (\d+) .*put it on the discard")
# undo's restore checklist
TAKE_LINE = re.compile(r"\[ \] take (?:the )?cards? (?:recorded as )?([\d, ]+) from "
                       r"(the deck or your hand|the deck|"
                       r"your hand|the discard pile|the table) back (on top of the deck|"
                       r"to your hand|to the table|to the discard pile)")
DREW_LINE = re.compile(r"\[ \] put (the rest of )?the (\d+) cards? you drew last back on top "
                       r"of the deck")


class Table:
    """The physical cards, changed only as the checklists say."""

    def __init__(self, cards: list[int], rng: random.Random):
        self.rng = rng
        self.deck = list(cards)
        rng.shuffle(self.deck)
        self.hand: list[int] = []
        self.discard: list[int] = []
        self.table: list[int] = []

    def turn_over(self) -> int:
        """The top card of the deck, turned over onto the table."""
        card = self.deck.pop(0)
        self.table.append(card)
        return card

    def play(self, card: int) -> None:
        self.hand.remove(card)
        self.table.append(card)

    def to_discard(self, card: int) -> None:
        self.table.remove(card)
        self.discard.append(card)

    def shuffle_discard(self, count: int) -> None:
        assert not self.deck and len(self.discard) == count
        self.deck = list(self.discard)
        self.rng.shuffle(self.deck)
        self.discard = []

    def follow(self, output: str) -> list[str]:
        """Carry out the checklist of one command; returns the kinds of lines done."""
        done = []
        for line in output.splitlines():
            if m := HAND_LINE.search(line):
                for _ in range(int(m.group(1))):
                    if not self.deck:          # "(when the deck runs out, shuffle ...)"
                        assert "shuffle the discard pile" in line
                        self.shuffle_discard(len(self.discard))
                    self.hand.append(self.deck.pop(0))
                done.append("hand")
                # R10: the moment the last card is drawn the discard pile is the deck
                if not self.deck and self.discard and "shuffle" in line:
                    self.shuffle_discard(len(self.discard))
            elif m := SHUFFLE_LINE.search(line):
                self.shuffle_discard(int(m.group(1)))
                done.append("shuffle")
                if kept := KEPT_LINE.search(line):   # the old deck's last card, dealt first
                    self.to_discard(int(kept.group(1)))
            elif m := PHASE_LINE.search(line):
                self.to_discard(int(m.group(1)))
            elif m := BATTLE_LINE.search(line):
                self.to_discard(int(m.group(1)))
                self.to_discard(int(m.group(2)))
            elif m := UNCERTAIN_LINE.search(line):
                self.to_discard(int(m.group(1)))
        return done

    def pile(self, words: str) -> list[int]:
        return {"the deck": self.deck, "your hand": self.hand, "the discard pile": self.discard,
                "the table": self.table, "on top of the deck": self.deck,
                "to your hand": self.hand, "to the table": self.table,
                "to the discard pile": self.discard}[words]

    def restore(self, output: str) -> None:
        """Carry out undo's checklist for the cards."""
        self.taken_from_hand = 0   # cards named "from the deck or your hand" found in the hand
        for line in output.splitlines():
            if m := TAKE_LINE.search(line):
                cards = [int(c) for c in m.group(1).split(", ")]
                dst = self.pile(m.group(3))
                for card in cards:
                    src = m.group(2)
                    if src == "the deck or your hand":
                        src = "your hand" if card in self.hand else "the deck"
                        self.taken_from_hand += src == "your hand"
                    self.pile(src).remove(card)
                    if dst is self.deck:
                        dst.insert(0, card)
                    else:
                        dst.append(card)
                self.undone = True
            elif m := DREW_LINE.search(line):
                count = int(m.group(2)) - (self.taken_from_hand if m.group(1) else 0)
                drawn, self.hand = self.hand[-count:], self.hand[:-count]
                self.deck[:0] = drawn
                self.undone = True

    def check(self, game) -> None:
        """The record matches the table card for card (after an undo the order
        in which cards went back onto the discard pile is the player's)."""
        st = status(game)
        if getattr(self, "undone", False):
            assert sorted(st["discard"]) == sorted(self.discard)
        else:
            assert st["discard"] == self.discard
        assert sorted(st["table"]) == sorted(self.table)
        assert st["deck_count"] == len(self.deck) and st["hand_count"] == len(self.hand)
        zones = session(game).game.card_zones()
        for card in self.deck:
            assert zones[card] in ("deck", "unknown"), (card, zones[card])
        for card in self.hand:
            assert zones[card] in ("hand", "unknown"), (card, zones[card])
        for card in self.discard:
            assert zones[card] == "discard"
        for card in self.table:
            assert zones[card] == "table"
        if "hand" in st:
            assert st["hand"] == sorted(self.hand)


def play_table(game, seed: int, tell: bool, undo: bool = False, limit: int = 400) -> list[str]:
    """Play one physical game at the table; returns what each command's checklist did."""
    rng = random.Random(seed)
    out = ok(game, "new", "--physical").output
    table = Table(session(game).save.cards, rng)
    happened = []
    table.follow(out)
    if tell:
        ok(game, "hand", ",".join(map(str, table.hand)))
    table.check(game)
    for _ in range(limit):
        need = status(game)["next"]["need"]
        if need == "over":
            break
        if need == "card":
            command = ["card", str(rng.choice(table.hand))]
            table.play(int(command[1]))
        elif need == "deal-phase":
            command = ["card", str(table.turn_over())]
        elif need == "deal-uncertain":
            command = ["card", "--draws", str(table.turn_over())]
        elif need == "battle":
            command = ["battle", str(rng.choice(table.hand))]
            table.play(int(command[1]))
        elif need == "deal-battle":
            command = ["battle", "--king-card", str(table.turn_over())]
        elif need == "withdraw":
            command = ["withdraw", str(status(game)["withdraw_options"][0])]
        else:  # Player Actions: rally when possible, never empty home, then done
            command = sensible_pick(game, legal_commands(game), rng)
        out = ok(game, *command).output
        done = table.follow(out)
        happened += [f"{command[0]}{'-king' if '--king-card' in command else ''}:{d}"
                     for d in done]
        if tell and "hand" in done and table.hand:
            ok(game, "hand", ",".join(map(str, table.hand)))
        table.check(game)
        if undo and rng.random() < 0.15 and status(game)["next"]["need"] != "over":
            table.restore(ok(game, "undo").output)
            happened.append(f"undo {command[0]}")
            table.check(game)
    return happened


@pytest.mark.slow
def test_the_record_follows_the_table_through_reshuffles(tmp_path):
    battle_reshuffles = 0
    for seed in range(30):
        game = tmp_path / f"g{seed}.json"
        happened = play_table(game, seed, tell=seed % 2 == 1)
        battle_reshuffles += happened.count("battle-king:shuffle")
        if battle_reshuffles >= 2 and any(h.endswith(":shuffle") and not h.startswith(
                "battle-king") for h in happened):
            break
    # the deck ran out on the King's battle card at least twice (seen on the table)
    assert battle_reshuffles >= 2


@pytest.mark.slow
def test_undo_checklists_put_the_physical_cards_back(tmp_path):
    """Undo now and then, doing only what its checklist says with the cards."""
    undone = []
    for seed in range(4):
        undone += [h for h in play_table(tmp_path / f"g{seed}.json", 100 + seed,
                                         tell=seed % 2 == 0, undo=True) if h.startswith("undo")]
    kinds = {h.split()[1] for h in undone}
    assert {"card", "battle"} <= kinds, undone
