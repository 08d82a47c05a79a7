"""What to change on the table to go from one recorded state to another (after `undo`): pure
functions of the states; cubes gone from one territory to another pair as moves, nearest first."""

from __future__ import annotations

from collections.abc import Sequence

from throne_pnp.narrator.lines import Command, Line, Way, do, say, typed
from throne_pnp.narrator.words import cubes, plural
from throne_pnp.rules.board import Board, distances
from throne_pnp.rules.game import Game
from throne_pnp.rules.position import KING, PLAYER, Position

# card zones (as `Game.card_zones`): where a card is now
ZONE_WORDS = {"deck": "the deck", "hand": "your hand", "discard": "the discard pile",
              "table": "the table", "unknown": "the deck or your hand"}

CUBE_WORDS = {"remove": "take {cubes} off {src} (back to the supply)",
              "add": "put {cubes} back in {dst} (from the supply)"}


def cube_changes(board: Board, now: Position, target: Position
                 ) -> list[tuple[str, str, int, int | None, int | None]]:
    """(kind, side, count, from, to) turning `now` into `target`: `move`, `add` (from the
    supply) or `remove`; surpluses pair with the nearest deficits, lower numbers first."""
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


def cube_lines(board: Board, now: Position, target: Position) -> list[Line]:
    """The checklist that moves the cubes from `now` to `target`."""
    return [do(f"move {cubes(n, side)} ", Way(src, dst), depth=1) if kind == "move"  # type: ignore[arg-type]
            else do(CUBE_WORDS[kind].format(cubes=cubes(n, side), src=src, dst=dst), depth=1)
            for kind, side, n, src, dst in cube_changes(board, now, target)]


# A card the player turned over is known only by the number typed for it.
RECORDED = say("(a card recorded as N is the number you typed: if another card lies "
               "there, a number was mistyped; take back the card that is there, and "
               "next time ", Command("fix", (), (("hand", "IDS"), ("discard", "IDS"))),
               " corrects the cards without an undo)", depth=1)
RECORDED_NOTE = typed(RECORDED.what)


def _ids(cards: list[int]) -> str:
    return f"{'card' if len(cards) == 1 else 'cards'} {', '.join(map(str, sorted(cards)))}"


def card_lines(now: Game, target: Game, from_hand: frozenset[int] = frozenset(),
               drawn_order: Sequence[int | None] = ()) -> list[Line]:
    """The checklist that puts the physical cards back as `target` has them. `drawn_order`:
    the cards the undone commands took off the deck in order (None: a hand drawn unseen);
    the deck is rebuilt from the last back, so the same cards turn up."""
    a, b = now.card_zones(), target.card_zones()
    moves: dict[int, tuple[str, str]] = {}
    for c in sorted(a):
        src, dst = a[c], b.get(c, a[c])
        if dst == "unknown":
            # played from the hand: back to it; still in the hand: drawn by
            # the undone commands (counted below) or there all along
            dst = "hand" if c in from_hand or src == "hand" else "deck"
        if src == dst or {src, dst} <= {"deck", "unknown"}:
            continue
        if src == "unknown" and dst == "hand" and c not in from_hand:
            # it never left the hand (the program only learns that it is there)
            continue
        moves[c] = (src, dst)
    # Cards drawn into a hidden hand by the undone commands go back unseen.
    to_hand = sum(1 for s, d in moves.values() if d == "hand")
    drawn = now.hand_count - (target.hand_count - to_hand)
    drawn -= sum(1 for s, d in moves.values() if s == "hand" and d != "hand")
    rest = "the rest of " if any(s == "unknown" for s, _ in moves.values()) else ""
    drawn_line = do(f"put {rest}the {plural(drawn, 'card')} you drew last "
                    "back on top of the deck", depth=1)
    lines: list[Line] = []
    recorded = False
    for c in reversed(list(drawn_order)):
        if c is None:
            if drawn > 0:
                lines.append(drawn_line)
                drawn = 0
        elif c in moves and moves[c][1] == "deck":
            lines.append(do(f"take the card recorded as {c} from "
                            f"{ZONE_WORDS[moves.pop(c)[0]]} back on top of the deck", depth=1))
            recorded = True
    if drawn > 0:
        lines.append(drawn_line)
    groups: dict[tuple[str, str], list[int]] = {}
    for c, move in moves.items():
        groups.setdefault(move, []).append(c)
    for (src, dst), cards in sorted(groups.items(), key=lambda kv: (kv[0][1] != "deck",
                                                                    min(kv[1]))):
        where = ZONE_WORDS[src]
        if dst == "deck":
            word = "card" if len(cards) == 1 else "cards"
            lines.append(do(f"take the {word} recorded as {', '.join(map(str, sorted(cards)))}"
                            f" from {where} back on top of the deck", depth=1))
            recorded = True
        else:
            lines.append(do(f"take {_ids(cards)} from {where} back to {ZONE_WORDS[dst]}", depth=1))
    if recorded:
        lines.append(RECORDED)
    return lines


def restore_lines(board: Board, now: Position, target: Position,
                  cards: tuple[Game, Game] | None = None,
                  from_hand: frozenset[int] = frozenset(),
                  drawn_order: Sequence[int | None] = ()) -> list[Line]:
    """The restore checklist under a heading, or a line saying nothing moves; `cards`
    (physical games): the games now and after the undo (see `card_lines`)."""
    lines = cube_lines(board, now, target)
    if cards:
        lines += card_lines(*cards, from_hand=from_hand, drawn_order=drawn_order)
    if not lines:
        return [say("The table stays as it is.")]
    return [say("Put the table back:"), *lines]
