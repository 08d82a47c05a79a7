"""Exact battle odds: every King battle card the deck could turn up, counted.

Each card that could be on top of the deck is equally likely (R9); the engine's R9 core
fights every (player card, King card) pair and exact fractions are added up.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from throne_pnp.content import Card
from throne_pnp.errors import IllegalAction
from throne_pnp.narrator.words import plural
from throne_pnp.rules import actions as act
from throne_pnp.rules import battle as battle_rules
from throne_pnp.rules.board import Board
from throne_pnp.rules.position import KING, PLAYER, Position, defender_words

WIN, LOSE, BOTH = "win", "lose", "both-wiped-out"


@dataclass(frozen=True, slots=True)
class CardOdds:
    """The exact outcome distribution of one player battle card."""

    card: int
    win: Fraction
    lose: Fraction
    both_wiped_out: Fraction
    player_losses: Fraction
    king_losses: Fraction
    king_cards: int

    def to_json(self) -> dict[str, Any]:
        return {
            "card": self.card,
            "win": float(self.win), "lose": float(self.lose),
            "both_wiped_out": float(self.both_wiped_out),
            "expected_player_losses": float(self.player_losses),
            "expected_king_losses": float(self.king_losses),
            "exact": {"win": str(self.win), "lose": str(self.lose),
                      "both_wiped_out": str(self.both_wiped_out)},
        }


def settle(board: Board, pos: Position, territory: int, defender: str, player_card: Card,
           king_card: Card) -> tuple[str, int, int]:
    """One battle to its end: (outcome, player losses, King losses).

    A losing player withdraws where they lose fewest cubes."""
    battle = battle_rules.fight(board, pos, territory, defender, player_card, king_card)
    if battle.winner is None:
        outcome = BOTH
    else:
        outcome = WIN if battle.winner == PLAYER else LOSE
    options = battle.loser_options if battle.loser == PLAYER and battle.loser_options else [None]
    best: tuple[int, int] | None = None
    for i, to in enumerate(options):
        trial = battle if i == 0 else battle_rules.fight(board, pos, territory, defender,
                                                        player_card, king_card)
        battle_rules.withdraw(board, trial, king_card, to)
        lost = (pos.on_map(PLAYER) - trial.position.on_map(PLAYER),
                pos.on_map(KING) - trial.position.on_map(KING))
        if best is None or lost[0] < best[0]:
            best = lost
    assert best is not None
    return outcome, best[0], best[1]


def battle_odds(board: Board, pos: Position, territory: int, defender: str,
                player_cards: Iterable[int], king_cards: Sequence[int]) -> list[CardOdds]:
    """Exact odds for each player card, the King's card uniform over `king_cards`."""
    if not pos.player[territory] or not pos.king[territory]:
        raise IllegalAction(f"no battle in {territory}: it needs cubes of both sides "
                            f"(king {pos.king[territory]}, player {pos.player[territory]})")
    kings = list(king_cards)
    if not kings:
        raise IllegalAction("no card could be the King's battle card")
    n = len(kings)
    out = []
    for pid in player_cards:
        counts = {WIN: 0, LOSE: 0, BOTH: 0}
        p_lost = k_lost = 0
        for kid in kings:
            outcome, p, k = settle(board, pos, territory, defender, board.cards[pid],
                                   board.cards[kid])
            counts[outcome] += 1
            p_lost += p
            k_lost += k
        out.append(CardOdds(pid, Fraction(counts[WIN], n), Fraction(counts[LOSE], n),
                            Fraction(counts[BOTH], n), Fraction(p_lost, n), Fraction(k_lost, n),
                            n))
    return out


def next_battle_odds(game: Any) -> dict[str, Any] | None:
    """Odds for the battle a game waits a card for (None: none), a row per possible card.

    Never raises for a game the engine reached (the odds are shown after a command is saved)."""
    need = game.need()
    if need.kind != "battle":
        return None
    return _report(game.position, need.territory, game.defender, game.next_draw_candidates(),
                   _card_rows(game, need.territory))


def _report(pos: Position, t: int, defender: str, kings: list[int],
            rows: list[dict[str, Any]]) -> dict[str, Any]:
    """An odds report (SPEC §4 `odds --json`) of the battle in t."""
    return {"territory": t, "defender": defender, "player_cubes": pos.player[t],
            "king_cards": kings, "king_cubes": pos.king[t], "cards": rows}


def _card_rows(game: Any, t: int) -> list[dict[str, Any]]:
    """The odds in t of each card the game's player could play (none: no King's card)."""
    rows = []
    for cid in game.hand_candidates():
        kings = game.king_card_candidates(cid)
        if kings:
            [row] = battle_odds(game.board, game.position, t, game.defender, [cid], kings)
            rows.append({**row.to_json(), "king_cards": kings, "refill": game.hand_count == 1})
    return rows


def planned_battle_odds(game: Any) -> list[dict[str, Any]]:
    """During Player Actions: the odds of each battle `done` would start now (R13).

    The first is exact; later ones on the board as it stands (`first` false). Empty: none."""
    if game.need().kind != "actions":
        return []
    trial = copy.deepcopy(game, {id(game.board): game.board})
    trial.apply(act.DONE)
    first = next_battle_odds(trial)
    if first is None:
        return []
    out = [{**first, "first": True}]
    for t in list(trial.pending_battles)[1:]:
        rows = _card_rows(trial, t)
        out.append({"territory": t, "defender": trial.defender,
                    "player_cubes": trial.position.player[t],
                    "king_cubes": trial.position.king[t],
                    "king_cards": trial.next_draw_candidates(), "cards": rows,
                    "first": False})
    return out


def position_odds(board: Board, pos: Position, territory: int, defender: str,
                  hand: Sequence[int] | None, deck: Sequence[int] | None) -> dict[str, Any]:
    """Odds for a battle in a position given by hand (`throne odds --at`).

    `hand`, `deck`: None for any normal card (the deck less a known hand)."""
    normal = sorted(c.id for c in board.cards.values() if not c.hard)
    mine = sorted(set(hand)) if hand else normal
    kings = sorted(set(deck)) if deck else normal
    if hand:
        kings = [k for k in kings if k not in mine]
        if not kings:
            raise IllegalAction("every card that could be the King's is in your hand; "
                                "give the King's possible cards with --deck")
    rows = []
    for cid in mine:
        these = kings if hand else [k for k in kings if k != cid] or kings
        [row] = battle_odds(board, pos, territory, defender, [cid], these)
        rows.append({**row.to_json(), "king_cards": these, "refill": False})
    return _report(pos, territory, defender, kings, rows)


def counted_words(report: dict[str, Any]) -> str:
    """What the odds count as the King's card, in words."""
    sets = {tuple(row.get("king_cards", report["king_cards"])) for row in report["cards"]}
    if len(sets) != 1:
        return ("the King's card is counted for each of your cards over the cards that "
                "could come up once it is played (see below)")
    [kings] = sets
    if len(kings) == 1:
        return f"the King's card can only be card {kings[0]}, the one card it can be"
    listed = ", ".join(map(str, kings))
    return (f"counted over the {len(kings)} cards that could be the King's card "
            f"({listed}), each as likely")


def odds_lines(report: dict[str, Any]) -> list[str]:
    """An odds report as a small table, best card first."""
    side = defender_words(report["defender"])
    lines = [f"Battle in {report['territory']} ({side}): your "
             f"{plural(report['player_cubes'], 'cube')} against the King's "
             f"{report['king_cubes']}; {counted_words(report)}",
             "card   win   lose  both out  your losses  King's losses"]
    for row in sorted(report["cards"], key=lambda r: (-r["win"], r["card"])):
        lines.append(f"{row['card']:>4}  {row['win']:>5.1%}  {row['lose']:>5.1%}  "
                     f"{row['both_wiped_out']:>7.1%}  {row['expected_player_losses']:>11.2f}"
                     f"  {row['expected_king_losses']:>13.2f}")
    lines.append("win, lose: how often you win or lose this battle with that card; "
                 "a hint's % is the chance to win the game")
    for row in report["cards"]:
        kings = row.get("king_cards", report["king_cards"])
        if row.get("refill") and kings != [k for k in report["king_cards"] if k != row["card"]]:
            lines.append(f"card {row['card']} is your last: you draw a new hand first, so the "
                         f"King's card is one of the {len(kings)} cards "
                         f"{', '.join(map(str, kings))}")
    return lines


def planned_lines(reports: list[dict[str, Any]]) -> list[str]:
    """`planned_battle_odds` as text: each battle `done` would start, in order."""
    if not reports:
        return []
    where = ", ".join(str(r["territory"]) for r in reports)
    battles = (f"battles would be fought in {where}, in this order" if len(reports) > 1
               else f"a battle would be fought in {where}")
    out = [f"If Player Actions ended now, {battles}; the odds of each card:"]
    for report in reports:
        out += odds_lines(report)
        if not report.get("first", True):
            out.append(f"(the battle in {report['territory']} is counted on the board as it "
                       "stands now: the battles before it may change it and use a card)")
    return out
