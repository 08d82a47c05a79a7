"""What each card does for the difficulty: the designer's per-card report.

Per card: how often the bot chose it, and the win-rate change when it is removed or
swapped for the plain card, with 95% intervals paired game by game.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from throne_pnp.content.model import Content
from throne_pnp.sim.decks import (
    DECISIONS,
    Deck,
    Tally,
    bot_budget,
    level_deck,
    plain_card,
    play_decks,
)
from throne_pnp.sim.simulate import wilson


def paired_interval(won_a: list[bool], won_b: list[bool]) -> tuple[float, float]:
    """A 95% interval for p_a - p_b from games played in pairs (Newcombe's method 10)."""
    n = len(won_a)
    if n != len(won_b) or not n:
        raise ValueError("paired_interval needs two equally long, non-empty lists")
    both = sum(1 for a, b in zip(won_a, won_b, strict=True) if a and b)
    only_a = sum(won_a) - both
    only_b = sum(won_b) - both
    neither = n - both - only_a - only_b
    pa, pb = (both + only_a) / n, (both + only_b) / n
    la, ua = wilson(both + only_a, n)
    lb, ub = wilson(both + only_b, n)
    margins = (both + only_a) * (only_b + neither) * (both + only_b) * (only_a + neither)
    agree = both * neither - only_a * only_b
    # The correlation of the pairs, a positive one continuity-corrected (method 10).
    agree = agree - n / 2 if agree > n / 2 else min(agree, 0)
    phi = agree / math.sqrt(margins) if margins else 0.0
    d = pa - pb
    down = (pa - la) ** 2 - 2 * phi * (pa - la) * (ub - pb) + (ub - pb) ** 2
    up = (ua - pa) ** 2 - 2 * phi * (ua - pa) * (pb - lb) + (pb - lb) ** 2
    return d - math.sqrt(max(down, 0.0)), d + math.sqrt(max(up, 0.0))


def removable(content: Content, cards: tuple[int, ...], card_id: int) -> str | None:
    """None when `card_id` can leave the deck; else why not, in words."""
    card = content.card(card_id)
    if card.hard:
        return None
    rest = [content.card(c) for c in cards if c != card_id and not content.card(c).hard]
    need = content.map.hand_size + 3
    if len(rest) < need:
        return f"a game needs {need} normal cards"
    if all(c.uncertain for c in rest):
        return "it is the last normal card without Uncertain Orders"
    return None


def card_report(content: Content, hard: tuple[int, ...], games: int, bot: str = "greedy",
                seed: int = 1, jobs: int = 1, content_dir: str | None = None,
                turn_cap: int = 200, level: str | None = None,
                progress: Callable[[int, int], None] | None = None,
                budget: int | None = None) -> dict[str, Any]:
    """The per-card report for the deck of the normal cards plus `hard`."""
    base = level_deck(content, hard)
    decks = [base]
    why_not: dict[int, str] = {}
    for card_id in base.cards:
        reason = removable(content, base.cards, card_id)
        if reason is None:
            decks.append(Deck(tuple(c for c in base.cards if c != card_id), base.seed_key))
        else:
            why_not[card_id] = reason
    decks += [Deck(base.cards, base.seed_key, swapped=card_id) for card_id in base.cards]
    played = play_decks(decks, games, bot=bot, seed=seed, jobs=jobs, content_dir=content_dir,
                        turn_cap=turn_cap, tally=True, progress=progress, budget=budget)
    (head, tally), rest = played[0], played[1:]
    removed = {c: row for c, (row, _) in zip(
        [c for c in base.cards if c not in why_not], rest, strict=False)}
    swapped = {c: row for c, (row, _) in zip(base.cards, rest[len(removed):], strict=True)}

    def change(row: Any) -> dict[str, Any]:
        lo, hi = paired_interval(row.won, head.won)
        data = row.to_json()
        return {"win_rate": data["win_rate"], "ci95": data["ci95"],
                "change": round(row.wins / row.games - head.wins / head.games, 6),
                "change_ci95": [round(lo, 6), round(hi, 6)]}

    cards = []
    for card_id in base.cards:
        card = content.card(card_id)
        entry: dict[str, Any] = {"id": card_id, "name": card.name, "hard": card.hard}
        entry.update(_picks(tally, card_id))
        entry["removed"] = (change(removed[card_id]) if card_id in removed
                            else {"skipped": why_not[card_id]})
        entry["swapped"] = change(swapped[card_id])
        cards.append(entry)
    sample = plain_card(content, content.card(base.cards[0]))
    return {
        "bot": bot, "budget": bot_budget(bot, budget), "seed": seed, "turn_cap": turn_cap,
        "games": games,
        "level": level, "hard_cards": list(hard),
        "base": head.to_json(),
        "plain_card": {"bugles": sample.bugles, "swords": sample.swords,
                       "shields": sample.shields, "king": list(sample.king),
                       "flags": sample.flags},
        "cards": cards,
    }


def _picks(tally: Tally | None, card_id: int) -> dict[str, Any]:
    out = {}
    for kind in DECISIONS:
        held = tally.held[kind, card_id] if tally else 0
        picked = tally.picked[kind, card_id] if tally else 0
        name = "phase" if kind == "card" else "battle"
        out[name] = {"held": held, "picked": picked,
                     "rate": round(picked / held, 6) if held else None}
    return out
