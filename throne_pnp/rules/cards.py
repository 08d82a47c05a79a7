"""The card record of a game (R10): deck, hand, discard pile, table.

`CardRecord` is the part of `Game` that keeps the cards: which could be on
top of the deck, which could be played from the hand, the reshuffle the
moment the deck is empty, the refill the moment the hand is, what a card
that cannot be where it is named would be refused with, and in physical mode
the told hand (`hand`) and the corrections of the record (`fixcards`).

The state it keeps on the game: `hand` (the known cards of the hand: all of
it in virtual mode), `hand_hidden` (how many are not known, physical mode),
`hand_sure` (physical mode: the known cards of the hand that the record
itself puts there, the last cards of a deck drawn into a hidden hand, as
opposed to cards the player told; a told hand must hold them),
`unseen` (cards in the deck or the hidden hand), `deck_count`, `discard`
(bottom first), `table` (the phase card and battle cards in play),
`hand_to_draw` (virtual mode: cards still to be dealt into a new hand) and
`reshuffles`. Invariant: `len(unseen) == deck_count + hand_hidden`, and every
card of the game is in exactly one of unseen, hand, discard, table.
"""

from __future__ import annotations

from collections.abc import Iterable

from throne_pnp.errors import HandConflict, IllegalAction
from throne_pnp.rules.board import Board
from throne_pnp.rules.events import CardsFixed, Event, HandTold, NewHand, Reshuffle

# What a dealt card cannot be when it is not in the deck, by the deal's purpose.
DEAL_WHERE = {"hand": "be drawn into your hand", "phase": "be the King's card",
              "uncertain": "be dealt for Uncertain Orders", "battle": "be the King's card"}


def zone_changes(before: dict[int, str], after: dict[int, str]) -> list[tuple[int, str, str]]:
    """The cards whose zone differs between two `Game.card_zones()` maps, as
    (card, zone before, zone after), ascending by card: what to move on the
    table after an undo or a fix. A card known before and `unknown` after (or
    the reverse) is listed too; the caller decides whether it needs a move.
    """
    return [(c, before.get(c, "out"), after.get(c, "out"))
            for c in sorted(before.keys() | after.keys())
            if before.get(c, "out") != after.get(c, "out")]


class CardRecord:
    """Deck, hand, discard pile and table of a `Game` (a mixin: the state lives
    on the game, see the module docstring)."""

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
        """The hand, ascending, when every card of it is known (virtual mode, or
        told with `hand`); None while some of it is hidden."""
        return None if self.hand_hidden else sorted(self.hand)

    def card_zones(self) -> dict[int, str]:
        """Where each card of the game is: `deck`, `hand`, `discard`, `table`, or
        `unknown` (physical mode: in the deck or the untold hand, which the
        program cannot know). A before/after diff says which cards go where.
        """
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
        deck's, or, when the deck is empty and its reshuffle was put off
        (R10: the discard pile was empty when it ran out), the discard pile's
        as it is now, which becomes the deck before that draw."""
        if not self.deck_count and self.discard:
            return sorted(self.discard)
        return self.deal_candidates()

    def king_card_candidates(self, played: int) -> list[int]:
        """The cards that could turn up as the King's battle card if the player
        plays `played` from the hand now, each equally likely, ascending.

        R10 followed draw by draw, for any deck size: when `played` is the last
        card in hand, the hand is refilled first (`hand_size` cards). While the
        deck holds more cards than that refill takes, the King's card is one of
        the deck's (never `played`). Otherwise the deck runs out (in the refill,
        or it is empty already, its reshuffle put off), the discard pile as it
        is now (`played` lies on the table) becomes the new deck, the rest of
        the refill comes from it, and the King's card is any card of it not
        drawn: by symmetry any card of the discard pile, equally likely. Empty
        when no card can come at all (the refill takes every card left).
        """
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

    def _take_from_deck(self, card_id: int) -> None:
        self.unseen.discard(card_id)
        self.deck_count -= 1

    def _after_deck_change(self, drawn: int | None = None, purpose: str = "") -> None:
        """When the deck runs out, the discard pile becomes the new deck at once (R10).

        Called right after every draw, before the drawn card goes anywhere, and
        before a draw from an empty deck (the reshuffle put off because the
        discard pile was empty). The `reshuffle` event's data is the number of
        cards shuffled; its info names them (`cards`), the card whose draw
        emptied the deck (`drawn`, None for a hidden hand card or a put-off
        reshuffle) and what that draw was for (`purpose`: hand, phase,
        uncertain, battle; empty for a put-off reshuffle).
        """
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
            if c not in self.board.cards:
                raise IllegalAction(f"there is no card {c} in this edition")
            if c not in self.in_game:
                raise IllegalAction(f"card {c} is not in this game (set aside)")
            if c in seen:
                raise IllegalAction(f"card {c} is named twice for {what}")
            seen.add(c)

    def _do_fixcards(self, hand: tuple[int, ...] | None,
                     discard: tuple[int, ...] | None) -> None:
        """Set the known hand and/or the discard pile to exactly these cards.

        Cards leaving the discard pile or the hand go back to the deck (unseen);
        the deck count follows. The table (phase card, battle cards) is not
        touched and its cards cannot be named.
        """
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
