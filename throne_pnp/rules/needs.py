"""What a game waits for and what it reports: phases, stages, `Need`, `Event`.

The small vocabulary shared by the game and its parts (`cards`,
`player_actions`, `battle_flow`): the two phases of a turn, the finer stages
of a phase, the `Need` a game waits for next (made once and shared, since
the simulator asks millions of times) and the `Event`s an action causes,
which the assistant turns into explanations.
"""

from __future__ import annotations

from throne_pnp.values import Factory, Record, Value

TYPE_CHECKING = False
if TYPE_CHECKING:   # (typing is not loaded at run time: a table command starts faster)
    from typing import Any

PLAYER_CARD = "player-card"
KING_CARD = "king-card"

# Stages of a phase (finer than the SPEC's `step`, which `step` derives).
S_CARD = "card"            # the phase card is needed
S_DRAWS = "draws"          # Uncertain Orders draws are needed
S_KING_BATTLES = "king-battles"
S_ACTIONS = "actions"
S_PLAYER_BATTLES = "player-battles"
S_OVER = "over"


class Need(Value):
    """What the game waits for next.

    kind: `deal` (a chance card; `purpose` says which: hand, phase, uncertain,
    battle), `card`, `battle`, `withdraw`, `actions`, or `over`.
    """

    kind: str
    purpose: str = ""
    territory: int | None = None
    options: tuple[int, ...] = ()

    def __init__(self, kind: str, purpose: str = "", territory: int | None = None,
                 options: tuple[int, ...] = ()) -> None:
        store = self.__dict__   # (written out: a need is made at every step)
        store["kind"], store["purpose"] = kind, purpose
        store["territory"], store["options"] = territory, options


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


_NEW = object()   # (no `info` given: a new empty one)


class Event(Record):
    """Something that happened while applying an action, for explanations.

    Events come in the order things happen at the table. Kinds (`data`;
    `info`):

    - `hand`: a new hand (virtual: its cards; physical: None, `count` drawn)
    - `hand-told`: the player told their hand (its cards; `before`: the
      cards known before)
    - `reshuffle`: the deck ran out and the discard pile became the deck
      (how many cards; `cards` shuffled, `drawn`: the card whose draw emptied
      the deck or None, `purpose`: hand, phase, uncertain, battle, or empty
      for a reshuffle put off until this draw). It comes right after the
      draw that emptied the deck: after `phase-card`, before `uncertain-draw`
      (so the dealt card goes on the new pile) and before the battle.
    - `phase-card` (card; `from`: hand or deck), `uncertain-draw` (card),
      `king` (the `KingResult`), `actions` (command points), `done`,
      `phase-end` (the phase card), `phase` (the new phase; `turn`)
    - `battle-card` (the player's card; `territory`), `battle` (the
      `Battle`, once when the player must choose a withdrawal and once when
      it is done)
    - `move`, `rally` (the `Step`; `removed`: steps removed over a limit)
    - `fix` (territory; `before`, `after`: (King, player) cubes),
      `fixcards` (None; `before`, `after`: {hand, discard})
    - `over` (`won` or `lost`)
    """

    kind: str
    data: Any = None
    info: dict[str, Any] = Factory(dict)

    def __init__(self, kind: str, data: Any = None, info: Any = _NEW) -> None:
        self.kind, self.data = kind, data   # (written out: made at every step)
        self.info = {} if info is _NEW else info
