"""The card record of a game (R10): deck, hand, discard pile, table. Invariant:
`len(unseen) == deck_count + hand_hidden`; every card is in one of unseen, hand, discard, table.
"""

from __future__ import annotations

from collections.abc import Iterable

from throne_pnp.errors import HandConflict, IllegalAction
from throne_pnp.rules.board import Board
from throne_pnp.rules.events import CardsFixed, Event, HandTold, NewHand, Reshuffle

# What a dealt card cannot be when it is not in the deck, by the deal's purpose.
DEAL_WHERE = {"hand": "be drawn into your hand", "phase": "be the King's card",
              "uncertain": "be dealt for Uncertain Orders", "battle": "be the King's card"}


class CardRecord:
    """Deck, hand, discard pile and table of a `Game` (a mixin: the state lives on the game)."""

    board: Board
    physical: bool
    in_game: frozenset[int]
    hand: list[int]
    hand_hidden: int
    hand_sure: set[int]
    unseen: set[int]
    deck_count: int
    discard: list[int]
    table: list[int]
    hand_to_draw: int
    reshuffles: int
    events: list[Event]

    @property
    def hand_count(self) -> int:
        return len(self.hand) + self.hand_hidden

    def deal_candidates(self) -> list[int]:
        """Cards that could be on top of the deck now, ascending."""
        return sorted(self.unseen)

    def hand_candidates(self) -> list[int]:
        """Cards that could be played from the hand now, ascending."""
        if self.hand_hidden:
            return sorted(set(self.hand) | self.unseen)
        return sorted(self.hand)

    def known_hand(self) -> list[int] | None:
        """The hand, ascending, when all of it is known (virtual, or told); else None."""
        return None if self.hand_hidden else sorted(self.hand)

    def card_zones(self) -> dict[int, str]:
        """Where each card of the game is: `deck`, `hand`, `discard`, `table`, or
        `unknown` (physical mode: the deck or the untold hand)."""
        unseen_zone = ("unknown" if self.hand_hidden and self.deck_count
                       else "hand" if self.hand_hidden else "deck")
        zones: dict[int, str] = {}
        for c in sorted(self.in_game):
            if c in self.table:
                zones[c] = "table"
            elif c in self.unseen:
                zones[c] = unseen_zone
            elif c in self.hand:
                zones[c] = "hand"
            else:
                zones[c] = "discard"
        return zones

    def next_draw_candidates(self) -> list[int]:
        """Cards that could come off the deck at the next draw, ascending: the
        deck's, or the discard pile's when a reshuffle was put off (R10)."""
        if not self.deck_count and self.discard:
            return sorted(self.discard)
        return self.deal_candidates()

    def king_card_candidates(self, played: int) -> list[int]:
        """Equally likely King's battle cards if the player plays `played`, ascending (R10)."""
        refill = self.board.hand_size if self.hand_count == 1 else 0
        if self.deck_count > refill:
            return [c for c in self.deal_candidates() if c != played]
        if len(self.discard) > refill - self.deck_count:
            return sorted(self.discard)
        return []

    def _card_problem(self, card_id: int, where: str) -> str:
        if card_id not in self.board.cards:
            return f"there is no card {card_id} in this edition"
        if card_id not in self.in_game:
            return f"card {card_id} is not in this game (set aside)"
        if card_id in self.discard:
            return f"card {card_id} is in the discard pile, so it cannot {where}"
        if card_id in self.table:
            return f"card {card_id} is on the table, so it cannot {where}"
        if card_id in self.hand:
            return f"{card_id} is in your hand, so it cannot {where}"
        if card_id in self.unseen and (not self.physical or not self.hand_hidden):
            # (in the deck, in virtual mode: do not say so)
            return f"card {card_id} is not in your hand"
        return f"card {card_id} cannot {where} now"

    def _after_deck_change(self, drawn: int | None = None, purpose: str = "") -> None:
        """When the deck runs out, the discard pile becomes the new deck at once (R10);
        `drawn`/`purpose`: the draw that emptied the deck, for the `Reshuffle` event."""
        if self.deck_count:
            return
        if self.hand_hidden:
            # Every card not yet seen is now known to be in the hand.
            self.hand.extend(sorted(self.unseen))
            self.hand_sure |= self.unseen
            self.hand_hidden = 0
            self.unseen = set()
        if self.discard:
            self.unseen = set(self.discard)
            self.deck_count = len(self.discard)
            self.events.append(Reshuffle(tuple(self.discard), drawn, purpose))
            self.discard = []
            self.reshuffles += 1

    def _start_hand(self) -> None:
        """Draw a new hand when it is empty (R10)."""
        if self.hand or self.hand_hidden:
            return
        if self.physical:
            drawn = 0
            for _ in range(self.board.hand_size):
                if not self.deck_count:
                    self._after_deck_change()
                    if not self.deck_count:
                        break
                self.deck_count -= 1
                self.hand_hidden += 1
                drawn += 1
                self._after_deck_change(None, "hand")
            self.events.append(NewHand(None, drawn))
        else:
            self.hand_to_draw = self.board.hand_size

    def _play_from_hand(self, card_id: int, where: str) -> None:
        if card_id in self.hand:
            self.hand.remove(card_id)
            self.hand_sure.discard(card_id)
        elif self.hand_hidden and card_id in self.unseen:
            self.unseen.discard(card_id)
            self.hand_hidden -= 1
        else:
            raise HandConflict(self._card_problem(card_id, where)
                               + f"; your hand: {self._hand_words()}")
        self.table.append(card_id)
        self._start_hand()
        if self.physical and self.hand_hidden == 0 and not self.hand and self.deck_count == 0:
            self._after_deck_change()

    def _hand_words(self) -> str:
        known = ", ".join(map(str, sorted(self.hand)))
        if self.hand_hidden:
            return (known + " and " if known else "") + f"{self.hand_hidden} unknown card(s)"
        return known or "empty"

    def _do_hand(self, *ids: int) -> None:
        """The player tells the cards in their hand (the whole hand)."""
        if not self.physical:
            raise IllegalAction("in a virtual game the program dealt your hand itself: "
                                f"{self._hand_words()}")
        count = self.hand_count
        if not count:
            raise IllegalAction("your hand is empty now: there is no card to tell")
        self._check_ids(ids, "your hand")
        if count == 1 and len(ids) > 1:
            last = f"card {self.hand[0]}" if self.hand else "your last card"
            raise IllegalAction(f"you still hold {last}, your last: play {last} first; the "
                                f"new hand is drawn after it, then tell it")
        for c in ids:
            if c not in self.hand and c not in self.unseen:
                raise IllegalAction(self._card_problem(c, "be in your hand"))
        if len(ids) != count:
            raise IllegalAction(f"you have {count} card{'s' if count != 1 else ''} in hand; "
                                f"you named {len(ids)}")
        missing = sorted(self.hand_sure - set(ids))
        if missing:
            listed = ", ".join(map(str, missing))
            raise IllegalAction(f"card{'s' if len(missing) > 1 else ''} {listed} must be in "
                                "your hand: the last card(s) of the deck went into it before "
                                "the discard pile became the deck; name "
                                f"{'them' if len(missing) > 1 else 'it'} too (or correct the "
                                "record with fix --hand)")
        before = sorted(self.hand)
        self.unseen = (self.unseen | set(self.hand)) - set(ids)
        self.hand = list(ids)
        self.hand_hidden = 0
        self.events.append(HandTold(tuple(sorted(ids)), before))

    def _check_ids(self, ids: Iterable[int], what: str) -> None:
        """Every id a card of this game, none twice (for `hand` and `fixcards`)."""
        seen: set[int] = set()
        for c in ids:
            if c not in self.in_game:
                raise IllegalAction(self._card_problem(c, ""))
            if c in seen:
                raise IllegalAction(f"card {c} is named twice for {what}")
            seen.add(c)

    def _do_fixcards(self, hand: tuple[int, ...] | None,
                     discard: tuple[int, ...] | None) -> None:
        """Set the known hand and/or the discard pile to exactly these cards;
        cards leaving them go back to the deck. The table is not touched."""
        if not self.physical:
            raise IllegalAction("in a virtual game the program dealt and discarded every "
                                "card itself: there is no card record to fix")
        if hand is None and discard is None:
            raise IllegalAction("name the hand or the discard pile (or both) to set")
        table = set(self.table)
        for ids, what in ((hand, "your hand"), (discard, "the discard pile")):
            if ids is None:
                continue
            self._check_ids(ids, what)
            for c in ids:
                if c in table:
                    raise IllegalAction(f"card {c} is on the table, so it cannot be in "
                                        f"{what}; the table keeps it until its phase or "
                                        "battle ends")
        if hand is not None and len(hand) != self.hand_count:
            raise IllegalAction(f"you have {self.hand_count} card"
                                f"{'s' if self.hand_count != 1 else ''} in hand; "
                                f"you named {len(hand)}")
        new_hand = list(hand) if hand is not None else list(self.hand)
        new_discard = list(discard) if discard is not None else list(self.discard)
        both = sorted(set(new_hand) & set(new_discard))
        if both:
            where = ("named for both" if hand is not None and discard is not None
                     else "in your hand" if discard is not None else "in the discard pile")
            raise IllegalAction(f"card {both[0]} is {where}: a card is in one place only"
                                + ("; name the hand too to move it" if hand is None else "")
                                + ("; name the discard pile too to move it"
                                   if discard is None else ""))
        hidden = 0 if hand is not None else self.hand_hidden
        unseen = set(self.in_game) - set(new_hand) - set(new_discard) - table
        deck = len(unseen) - hidden
        if deck < 0:
            raise IllegalAction(f"that leaves {len(unseen)} card(s) for the deck and the "
                                f"{hidden} unknown card(s) of your hand")
        # (a deck left empty is reshuffled from the discard pile before the next
        # draw, as after a deck that ran out while the discard pile was empty)
        before = {"hand": sorted(self.hand), "discard": list(self.discard)}
        self.hand, self.hand_hidden = new_hand, hidden
        if hand is not None:
            self.hand_sure = set()   # the player has named the whole hand
        self.discard = new_discard
        self.unseen, self.deck_count = unseen, deck
        self.events.append(CardsFixed(before, {"hand": sorted(new_hand),
                                               "discard": list(new_discard)}))
