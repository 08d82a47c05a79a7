"""What happened while a game applied an action: one small record per kind, returned by
`Game.apply` in table order; each class names its `kind`. No words here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from throne_pnp.rules.battle import Battle
from throne_pnp.rules.king import KingResult
from throne_pnp.rules.steps import Step


@dataclass(frozen=True, slots=True)
class NewHand:
    """A new hand (R10): virtual, its `cards`; physical, `count` cards to draw."""

    kind: ClassVar[str] = "hand"
    cards: tuple[int, ...] | None
    count: int = 0


@dataclass(frozen=True, slots=True)
class HandTold:
    """The player told their hand (`cards`); `before`: the cards known before."""

    kind: ClassVar[str] = "hand-told"
    cards: tuple[int, ...]
    before: list[int]


@dataclass(frozen=True, slots=True)
class Reshuffle:
    """The deck ran out: the discard pile (`cards`) became the new deck (R10); `drawn`
    and `purpose`: the draw that emptied it (None, "" for a put-off reshuffle)."""

    kind: ClassVar[str] = "reshuffle"
    cards: tuple[int, ...]
    drawn: int | None
    purpose: str

    @property
    def count(self) -> int:
        return len(self.cards)


@dataclass(frozen=True, slots=True)
class PhaseCard:
    """The phase card, played from the hand or turned over from the deck."""

    kind: ClassVar[str] = "phase-card"
    card: int
    from_hand: bool


@dataclass(frozen=True, slots=True)
class UncertainDraw:
    """A card dealt for Uncertain Orders (R5), then discarded."""

    kind: ClassVar[str] = "uncertain-draw"
    card: int


@dataclass(frozen=True, slots=True)
class KingActed:
    """The King's action carried out (R2-R6)."""

    kind: ClassVar[str] = "king"
    result: KingResult


@dataclass(frozen=True, slots=True)
class BattleCard:
    """The player's battle card for the battle in `territory`."""

    kind: ClassVar[str] = "battle-card"
    card: int
    territory: int


@dataclass(frozen=True, slots=True)
class BattleFought:
    """A battle (R9): once when the losing player must choose where to go, once when done."""

    kind: ClassVar[str] = "battle"
    battle: Battle


@dataclass(frozen=True, slots=True)
class PlayerMoved:
    """The player's move; `removed`: cubes removed over a limit after it."""

    kind: ClassVar[str] = "move"
    step: Step
    removed: tuple[Step, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayerRallied:
    """The player's rally; `removed`: cubes removed over a limit after it."""

    kind: ClassVar[str] = "rally"
    step: Step
    removed: tuple[Step, ...] = ()


@dataclass(frozen=True, slots=True)
class ActionsStart:
    """Player Actions begin with the phase card's command points."""

    kind: ClassVar[str] = "actions"
    command_points: int


@dataclass(frozen=True, slots=True)
class ActionsDone:
    """The player finished Player Actions with `command_points` unused."""

    kind: ClassVar[str] = "done"
    command_points: int


@dataclass(frozen=True, slots=True)
class Fixed:
    """The record of territory `at` was corrected: (King, player) cubes before
    and after; `outcome_was` when the fix changed the game's outcome."""

    kind: ClassVar[str] = "fix"
    at: int
    before: tuple[int, int]
    after: tuple[int, int]
    outcome_was: str | None = None


@dataclass(frozen=True, slots=True)
class CardsFixed:
    """The record of the hand and discard pile was corrected ({hand, discard})."""

    kind: ClassVar[str] = "fixcards"
    before: dict[str, list[int]]
    after: dict[str, list[int]]


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game ended (R12): `won` or `lost`."""

    kind: ClassVar[str] = "over"
    outcome: str


@dataclass(frozen=True, slots=True)
class PhaseEnd:
    """A phase ended; its phase card (if any) goes to the discard pile."""

    kind: ClassVar[str] = "phase-end"
    card: int | None


@dataclass(frozen=True, slots=True)
class NewPhase:
    """A new phase begins (`player-card` or `king-card`) in `turn`."""

    kind: ClassVar[str] = "phase"
    phase: str
    turn: int


Event = (NewHand | HandTold | Reshuffle | PhaseCard | UncertainDraw | KingActed | BattleCard
         | BattleFought | PlayerMoved | PlayerRallied | ActionsStart | ActionsDone | Fixed
         | CardsFixed | GameOver | PhaseEnd | NewPhase)

EVENT_CLASSES: tuple[type, ...] = (
    NewHand, HandTold, Reshuffle, PhaseCard, UncertainDraw, KingActed, BattleCard, BattleFought,
    PlayerMoved, PlayerRallied, ActionsStart, ActionsDone, Fixed, CardsFixed, GameOver, PhaseEnd,
    NewPhase)


def event_fields(event: Any) -> dict[str, Any]:
    """An event's fields by name (for JSON and tests)."""
    return {name: getattr(event, name) for name in event.__dataclass_fields__ if name != "kind"}
