"""The greedy bot's battle arithmetic, memoised: exact odds of battle cards.

Cards are reduced to symbols and the King's possible cards to a distribution with a
small id for cheap memo keys; memos are bounded and cleared when ids are reassigned.
"""

from __future__ import annotations

from collections import Counter

from throne_pnp.rules import battle as battle_rules
from throne_pnp.rules.board import Board

Syms = tuple[int, int, int]  # bugles, swords, shields


def _syms(card) -> Syms:
    return (card.bugles, card.swords, card.shields)


Battle = tuple[float, float, float]
TIE = 1e-9  # odds closer than this are equal (`expected_battle`)
Kings = tuple[tuple[Syms, int], ...]  # (symbols, how many cards) that could be the King's
# (King cards the player beats, ((casualties, King cards causing them) of the player,
# then of the King)), each set of cards a bit mask over card ids.
BattleMasks = tuple[int, tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]

_kings_ids: dict[Kings, int] = {}
_card_memo: dict[tuple, Battle] = {}
_hand_memos: dict[tuple, dict[tuple, Battle]] = {}
_generation = [0]  # bumped whenever the ids are reassigned: ids held elsewhere are stale


def kings_id(kings: Kings) -> int:
    """A small number standing for a King's card distribution (cheap memo keys)."""
    kid = _kings_ids.get(kings)
    if kid is None:
        if len(_kings_ids) >= 20_000:  # bound memory: forget every memo keyed by ids
            _kings_ids.clear()
            _card_memo.clear()
            _hand_memos.clear()
            for memos in _shared_tables.values():
                for memo in memos:
                    memo.clear()
            _generation[0] += 1
        kid = _kings_ids[kings] = len(_kings_ids)
    return kid


def with_bonus(syms: Syms, bonus: tuple[int, int],
               player_defends: bool) -> tuple[int, int, int, int, int]:
    """The player's (bugles, swords, shields) and the King's extra (bugles, shields):
    the territory's bonus goes to whichever side defends (R9)."""
    pb, psw, psh = syms
    bb, bs = bonus
    if player_defends:
        return pb + bb, psw, psh + bs, 0, 0
    return pb, psw, psh, bb, bs


def card_battle(syms: Syms, kings: Kings, kid: int, pn: int, kn: int,
                bonus: tuple[int, int], player_defends: bool) -> Battle:
    """(P(win), E[player casualties], E[King casualties]) of one player card, exact;
    `bonus`: the territory's (bugles, shields), added to the defender (R9)."""
    key = (syms, kid, pn, kn, bonus, player_defends)
    hit = _card_memo.get(key)
    if hit is not None:
        return hit
    pb, psw, psh, bb, bs = with_bonus(syms, bonus, player_defends)
    total = wins = pc = kc = 0
    for (kb, ksw, ksh), n in kings:
        w, a, b = battle_rules.clash(pn, kn, pb, psw, psh, kb + bb, ksw, ksh + bs, player_defends)
        total += n
        if w == 1:
            wins += n
        pc += a * n
        kc += b * n
    total = total or 1
    result = (wins / total, pc / total, kc / total)
    if len(_card_memo) > 500_000:
        _card_memo.clear()
    _card_memo[key] = result
    return result


def hand_memo(hand: tuple[Syms, ...], kid: int) -> dict[tuple, Battle]:
    """The memo of `expected_battle` results for one hand against one distribution."""
    if len(_hand_memos) > 50_000:
        _hand_memos.clear()
    return _hand_memos.setdefault((hand, kid), {})


def expected_battle(hand: tuple[Syms, ...], kings: Kings, kid: int, pn: int, kn: int,
                    bonus: tuple[int, int], player_defends: bool,
                    memo: dict[tuple, Battle]) -> Battle:
    """`card_battle` of the best card in `hand` (ties never depend on card order)."""
    key = (pn, kn, bonus, player_defends)
    hit = memo.get(key)
    if hit is not None:
        return hit
    best = (-1.0, 0.0, 0.0)
    for syms in hand:
        cand = _card_memo.get((syms, kid, pn, kn, bonus, player_defends))
        if cand is None:
            cand = card_battle(syms, kings, kid, pn, kn, bonus, player_defends)
        gain = cand[0] - best[0]
        if gain > TIE:
            best = cand
        elif gain > -TIE:
            gain = (cand[2] - cand[1]) - (best[2] - best[1])
            if gain > TIE or (gain > -TIE and cand[1] < best[1] - TIE):
                best = cand
    memo[key] = best
    return best


_useful: dict[tuple[Syms, ...], tuple[Syms, ...]] = {}
# `Evaluation._tables` and `_contexts` by (board, weights), keyed by `kings_id`s: cleared
# with the ids.
_shared_tables: dict[tuple, tuple[dict, dict]] = {}


def useful_cards(hand: tuple[Syms, ...]) -> tuple[Syms, ...]:
    """The hand (distinct symbols, ascending) without the cards another card dominates:
    their odds are never better (R9), so `expected_battle` is the same."""
    hit = _useful.get(hand)
    if hit is None:
        hit = tuple(s for s in hand
                    if not any(o != s and o[0] >= s[0] and o[1] >= s[1] and o[2] >= s[2]
                               for o in hand))
        if len(_useful) > 50_000:
            _useful.clear()
        _useful[hand] = hit
    return hit


def king_cards(board: Board, ids) -> Kings:
    return tuple(sorted(Counter(_syms(board.cards[c]) for c in ids).items()))
