"""What a game waits for: phases, stages, `Need`; the vocabulary shared by the game and
its parts (`cards`, `player_actions`)."""

from __future__ import annotations

from dataclasses import dataclass

from throne_pnp.rules.events import Event

__all__ = ["Event", "Need", "battle_need"]

PLAYER_CARD = "player-card"
KING_CARD = "king-card"

# Stages of a phase (finer than the SPEC's `step`, which `step` derives).
S_CARD = "card"            # the phase card is needed
S_DRAWS = "draws"          # Uncertain Orders draws are needed
S_KING_BATTLES = "king-battles"
S_ACTIONS = "actions"
S_PLAYER_BATTLES = "player-battles"
S_OVER = "over"


@dataclass(frozen=True, slots=True)
class Need:
    """What the game waits for next: `deal` (a chance card for `purpose`: hand,
    phase, uncertain, battle), `card`, `battle`, `withdraw`, `actions`, `over`."""

    kind: str
    purpose: str = ""
    territory: int | None = None
    options: tuple[int, ...] = ()


# The needs without a territory, made once (`Need` is immutable).
NEED_OVER = Need("over")
NEED_HAND = Need("deal", "hand")
NEED_PHASE = Need("deal", "phase")
NEED_CARD = Need("card")
NEED_UNCERTAIN = Need("deal", "uncertain")
NEED_ACTIONS = Need("actions")
# Needs with a territory, made once per territory on first use (see `battle_need`).
BATTLE_DEALS: dict[int, Need] = {}
BATTLE_CARDS: dict[int, Need] = {}


def battle_need(made: dict[int, Need], t: int) -> Need:
    """The battle need for territory t (`BATTLE_DEALS`: the King's card must be
    dealt; `BATTLE_CARDS`: the player's card must be played), made once."""
    need = made.get(t)
    if need is None:
        need = made[t] = (Need("deal", "battle", territory=t) if made is BATTLE_DEALS
                          else Need("battle", territory=t))
    return need
