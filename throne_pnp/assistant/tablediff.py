"""What to change on the table to go from one recorded state to another.

`undo` takes commands back in the record; the cubes and cards on the table
must follow. This module compares two states and writes the checklist:
each cube to move back (`[ ] move 1 of your cubes 6 -> 7`), each King cube
to put back in the supply or on the map, and in a physical game each card to
take back into the deck or the hand. Cubes that left one territory and must
reappear in another are paired as moves, nearest first, so one undone move is
one line, not a removal and an addition.

Pure functions of the states: no files, no terminal.
"""

from __future__ import annotations

from throne_pnp.rules.board import Board, distances
from throne_pnp.rules.game import Game
from throne_pnp.rules.position import KING, PLAYER, Position

BOX = "[ ]"
# card zones (as `Game.card_zones`): where a card is now
ZONE_WORDS = {"deck": "the deck", "hand": "your hand", "discard": "the discard pile",
              "table": "the table", "unknown": "the deck or your hand"}


def _cubes(count: int, side: str) -> str:
    if side == KING:
        return f"{count} King cube{'' if count == 1 else 's'}"
    return f"{count} of your cubes"


def cube_changes(board: Board, now: Position, target: Position
                 ) -> list[tuple[str, str, int, int | None, int | None]]:
    """(kind, side, count, from, to) turning `now` into `target`.

    kind is `move` (from -> to), `add` (to, from the supply) or `remove`
    (from, to the supply). Surpluses are paired with the nearest deficits of
    the same side; ties go to the lower territory numbers.
    """
    dist = distances(board.adjacent)
    out: list[tuple[str, str, int, int | None, int | None]] = []
    for side in (PLAYER, KING):
        a, b = now.side(side), target.side(side)
        extra = {t: a[t] - b[t] for t in board.numbers if a[t] > b[t]}
        short = {t: b[t] - a[t] for t in board.numbers if b[t] > a[t]}
        pairs = sorted((dist[s][d], s, d) for s in extra for d in short)
        for _, s, d in pairs:
            n = min(extra[s], short[d])
            if n:
                out.append(("move", side, n, s, d))
                extra[s] -= n
                short[d] -= n
        out += [("remove", side, n, t, None) for t, n in sorted(extra.items()) if n]
        out += [("add", side, n, None, t) for t, n in sorted(short.items()) if n]
    return out


def cube_lines(board: Board, now: Position, target: Position) -> list[str]:
    """The checklist that moves the cubes from `now` to `target`."""
    lines = []
    for kind, side, n, src, dst in cube_changes(board, now, target):
        if kind == "move":
            lines.append(f"{BOX} move {_cubes(n, side)} {src} -> {dst}")
        elif kind == "remove":
            lines.append(f"{BOX} take {_cubes(n, side)} off {src} (back to the supply)")
        else:
            lines.append(f"{BOX} put {_cubes(n, side)} back in {dst} (from the supply)")
    return lines


def card_zones(game: Game) -> dict[int, str]:
    """Where each card of the game is: deck, hand, discard, table or unknown.

    `unknown` is a card the program has not seen in a physical game whose
    hand is hidden: in the deck or in the hand.
    """
    zones = getattr(game, "card_zones", None)
    if zones is not None:
        return zones()
    out: dict[int, str] = {}
    hidden = "unknown" if game.hand_hidden else "deck"
    for c in game.in_game:
        if c in game.hand:
            out[c] = "hand"
        elif c in game.table:
            out[c] = "table"
        elif c in game.discard:
            out[c] = "discard"
        else:
            out[c] = hidden
    return out


def _ids(cards: list[int]) -> str:
    word = "card" if len(cards) == 1 else "cards"
    return f"{word} {', '.join(map(str, sorted(cards)))}"


def card_lines(now: Game, target: Game, from_hand: frozenset[int] = frozenset()) -> list[str]:
    """The checklist that puts the physical cards back as `target` has them.

    `from_hand`: cards the undone commands played from the hand; where the
    target does not know the hand (`unknown`), they go back to the hand and
    the others (dealt from the deck) back on top of the deck.
    """
    a, b = card_zones(now), card_zones(target)
    moves: dict[tuple[str, str], list[int]] = {}
    for c in sorted(a):
        src, dst = a[c], b.get(c, a[c])
        if dst == "unknown":
            dst = "hand" if c in from_hand else "deck"
        if src == dst or {src, dst} <= {"deck", "unknown"}:
            continue
        if src == "unknown" and dst == "hand":
            continue  # the program only learns that it was in the hand
        moves.setdefault((src, dst), []).append(c)
    lines = []
    to_hand = 0
    for (src, dst), cards in sorted(moves.items(), key=lambda kv: min(kv[1])):
        if dst == "hand":
            to_hand += len(cards)
        where = "the deck" if src in ("deck", "unknown") else ZONE_WORDS[src]
        if dst in ("deck", "unknown"):
            lines.append(f"{BOX} take {_ids(cards)} from {where} back on top of the deck")
        else:
            lines.append(f"{BOX} take {_ids(cards)} from {where} back to {ZONE_WORDS[dst]}")
    # Cards drawn into a hidden hand by the undone commands go back unseen.
    drawn = now.hand_count - (target.hand_count - to_hand)
    drawn -= sum(len(v) for (s, d), v in moves.items() if s == "hand" and d != "hand")
    if drawn > 0:
        lines.append(f"{BOX} put the {drawn} card{'' if drawn == 1 else 's'} you drew last "
                     "back on top of the deck")
    return lines


def restore_lines(board: Board, now: Position, target: Position,
                  cards: tuple[Game, Game] | None = None,
                  from_hand: frozenset[int] = frozenset()) -> list[str]:
    """The whole restore checklist under a heading, or a line saying nothing moves.

    `cards` (physical games): the games now and after the undo, for the card
    lines (see `card_lines`).
    """
    lines = cube_lines(board, now, target)
    if cards:
        lines += card_lines(*cards, from_hand=from_hand)
    if not lines:
        return ["The table stays as it is."]
    return ["Put the table back:"] + [f"  {line}" for line in lines]
