"""A command's events as the table checklist, as a log line, and as JSON."""

from __future__ import annotations

from typing import Any

from throne_pnp.narrator.kingsofar import so_far_lines, told_before
from throne_pnp.narrator.lines import OVER, PHASE, Command, Line, Way, do, say, texts
from throne_pnp.narrator.words import (
    battle_json,
    battle_lines,
    card_words,
    cubes,
    ids_words,
    king_json,
    king_lines,
    plural,
    step_json,
    step_line,
)
from throne_pnp.rules import events as ev
from throne_pnp.rules.battle import Battle
from throne_pnp.rules.needs import KING_CARD
from throne_pnp.rules.position import KING, PLAYER


def cp_left(game: Any) -> str:
    return f"{plural(game.command_points, 'command point')} left"


def _hand_line(event: ev.NewHand, physical: bool, reshuffled: int | None) -> Line:
    if physical:
        why = f"draw {plural(event.count, 'new card')} from the deck"
        if reshuffled is not None:
            why += (f" (when the deck runs out, shuffle the discard pile, {reshuffled} "
                    "cards, into a new deck and keep drawing)")
        return do("your hand is empty", why=(
            why + "; if you like, tell me them with ", Command("hand", ("IDS",)), " (e.g. ",
            Command("hand", ("3,6,9,12,14",)), "): I then refuse a card played from elsewhere"))
    return say(f"New hand: {', '.join(map(str, event.cards or ()))}.")


def _reshuffle_line(event: ev.Reshuffle, physical: bool, then: str = "") -> Line:
    if physical:
        return do("the deck is empty", why=f"shuffle the discard pile "
                  f"({plural(event.count, 'card')}) into a new face-down deck{then}")
    return say(f"The deck ran out: the discard pile ({plural(event.count, 'card')}) "
               f"was shuffled into a new deck{then}.")


def _uncertain_line(card: Any, physical: bool, last: bool) -> Line:
    """A card dealt for Uncertain Orders; `last`: it emptied the deck, so it
    waits while the discard pile is shuffled and then starts the new one."""
    more = " - Uncertain Orders again: deal another" if card.uncertain else ""
    if physical:
        where = ("keep it aside: it was the deck's last card" if last
                 else "put it on the discard pile")
        return do("dealt for Uncertain Orders", why=f"{card_words(card)}; {where}{more}.",
                  rule="r5")
    return say(f"Dealt for Uncertain Orders (then discarded): {card_words(card)}{more}.")


def checklist(events: list[ev.Event], game: Any, physical: bool,
              resumed_withdrawal: bool = False) -> list[str]:
    """What to do on the table, in order, for a command's events, as the CLI prints it."""
    return texts(checklist_lines(events, game, physical, resumed_withdrawal))


def checklist_lines(events: list[ev.Event], game: Any, physical: bool,
                    resumed_withdrawal: bool = False) -> list[Line]:
    """What to do on the table, in order, for a command's events."""
    board = game.board
    out: list[Line] = []
    shown: set[int] = set()
    draws_here = sum(1 for e in events if isinstance(e, ev.UncertainDraw))
    phase_here = any(isinstance(e, ev.PhaseCard) for e in events)
    held: ev.UncertainDraw | None = None   # the deck's last card, dealt before a reshuffle
    for i, event in enumerate(events):
        nxt = events[i + 1] if i + 1 < len(events) else None
        if isinstance(event, ev.Reshuffle):
            if physical and isinstance(nxt, ev.NewHand):
                continue  # told with the hand draw
            if isinstance(nxt, ev.UncertainDraw) and nxt.card == event.drawn:
                # At the table the card is dealt first, then the pile is shuffled.
                card = board.cards[nxt.card]
                out.append(_uncertain_line(card, physical, True))
                then = (f"; then put card {nxt.card} on the new discard pile" if physical
                        else f"; card {nxt.card} starts the new discard pile")
                out.append(_reshuffle_line(event, physical, then))
                held = nxt
                continue
            out.append(_reshuffle_line(event, physical))
        elif isinstance(event, ev.NewHand):
            prev = events[i - 1] if i else None
            reshuffled = prev.count if isinstance(prev, ev.Reshuffle) else None
            out.append(_hand_line(event, physical, reshuffled))
        elif isinstance(event, ev.PhaseCard):
            card = board.cards[event.card]
            source = ("Phase card (from your hand)" if event.from_hand
                      else "The King's card (top of the deck)")
            out.append(say(f"{source}: {card_words(card)}."))
        elif isinstance(event, ev.UncertainDraw):
            if event is not held:
                out.append(_uncertain_line(board.cards[event.card], physical, False))
        elif isinstance(event, ev.KingActed):
            result = event.result
            # the phase card turned over in these events, else the one on the table
            phase_card = next((e.card for e in events if isinstance(e, ev.PhaseCard)),
                              game.phase_card if game.phase_card is not None else 0)
            told = told_before(board, phase_card, result.draws, draws_here, phase_here)
            out += king_lines(result, board, told=told)
        elif isinstance(event, ev.BattleCard):
            where = f"the battle in {event.territory}"
            if physical:
                out.append(say(f"Your card {event.card} is on the table for {where}."))
            else:
                out.append(say(f"You play card {event.card} for {where}."))
        elif isinstance(event, ev.BattleFought):
            battle = event.battle
            if id(battle) in shown:
                continue
            shown.add(id(battle))
            only_withdrawal = resumed_withdrawal and i == 0
            if not physical and not only_withdrawal:
                king_card = board.cards[battle.king_card]
                out.append(say(f"The King's battle card: {card_words(king_card)}."))
            out += battle_lines(battle, board, only_withdrawal, physical)
            if not battle.done:
                left = plural(battle.position.player[battle.territory], "surviving cube")
                out.append(say(f"You lost: your {left} must withdraw together.", depth=1))
        elif isinstance(event, (ev.PlayerMoved, ev.PlayerRallied)):
            step = event.step
            left = f" ({cp_left(game)})"
            out.append(do(f"move {cubes(step.count, PLAYER)} ", Way(step.src, step.dst), left)
                       if isinstance(event, ev.PlayerMoved)
                       else do(f"add 1 of your cubes in {step.at}{left}"))
            out += [step_line(board, s, depth=1) for s in event.removed]
        elif isinstance(event, ev.ActionsDone):
            out.append(say("Player Actions are over."))
        elif isinstance(event, ev.Fixed):
            (bk, bp), (ak, ap) = event.before, event.after
            out.append(say(f"Record fixed: {event.at} now holds King {ak}, you {ap} "
                           f"(was King {bk}, you {bp})."))
        elif isinstance(event, ev.HandTold):
            out.append(say(f"Your hand is noted: {ids_words(event.cards)}. A card from "
                           "elsewhere, or a King's card among these, will be refused."))
        elif isinstance(event, ev.CardsFixed):
            for part, words in (("hand", "your hand"), ("discard", "the discard pile")):
                if event.before[part] != event.after[part]:
                    out.append(say(f"Record fixed: {words} now holds "
                                   f"{ids_words(event.after[part])} "
                                   f"(was {ids_words(event.before[part])})."))
        elif isinstance(event, ev.GameOver):
            why = ("you hold every castle." if event.outcome == "won"
                   else f"your home castle {board.home} has fallen.")
            out.append(Line((event.outcome,), OVER, (why,)))
        elif isinstance(event, ev.PhaseEnd):
            if event.card is not None and physical:
                out.append(do(f"put the phase card {event.card} on the discard pile"))
            elif event.card is not None:
                out.append(say(f"The phase card {event.card} goes to the discard pile."))
        elif isinstance(event, ev.NewPhase):
            whose = "the King's" if event.phase == KING_CARD else "your"
            out.append(say(f"Turn {event.turn}: {whose} card phase", kind=PHASE))
        # (ev.ActionsStart: the `Next:` line says it)
    if game.phase_card is not None and (draws_here or phase_here):
        out += so_far_lines(game, told_before(board, game.phase_card, game.draws, draws_here,
                                              phase_here))
    return out


def event_json(event: ev.Event, board: Any) -> dict[str, Any]:
    """One event as JSON for `--json` command output (`kind` and its fields;
    the King's action and battles in their `resolve` shape)."""
    out: dict[str, Any] = {"kind": event.kind}
    if isinstance(event, ev.KingActed):
        out.update(king_json(event.result, board))
    elif isinstance(event, ev.BattleFought):
        out.update(battle_json(event.battle, board))
    elif isinstance(event, (ev.PlayerMoved, ev.PlayerRallied)):
        out["step"] = step_json(board, event.step)
        out["removed"] = [step_json(board, s) for s in event.removed]
    else:
        for key, value in ev.event_fields(event).items():
            out[key] = list(value) if isinstance(value, tuple) else value
    return out


def _withdrawal_words(battle: Battle) -> str:
    """Where the losers of a finished battle went, for its log line."""
    went = battle.withdrawal
    if not went:
        return ""
    who = "you" if went["side"] == PLAYER else "the King"
    if went["to"] is None:
        return f"; {who} had nowhere to withdraw: the losers were removed"
    lost = f" ({went['removed']} removed over the limit)" if went["removed"] else ""
    return f"; {who} withdrew to {went['to']}{lost}"


def summary(events: list[ev.Event]) -> str:
    """A command's events in a few words, for `throne log`."""
    parts: list[str] = []
    for event in events:
        if isinstance(event, ev.PhaseCard):
            source = "played" if event.from_hand else "King's card"
            parts.append(f"{source} {event.card}")
        elif isinstance(event, ev.UncertainDraw):
            parts.append(f"Uncertain Orders dealt {event.card}")
        elif isinstance(event, ev.KingActed):
            steps = event.result.steps
            moved = sum(s.count for s in steps if s.kind == "move")
            rallied = sum(s.count for s in steps if s.kind == "rally")
            bits = [f"moved {plural(moved, 'cube')}" if moved else "",
                    f"rallied {rallied}" if rallied else ""]
            parts.append("King " + (" and ".join(b for b in bits if b) or "did nothing"))
        elif isinstance(event, ev.BattleCard):
            parts.append(f"battle card {event.card} in {event.territory}")
        elif isinstance(event, ev.BattleFought) and event.battle.done:
            battle = event.battle
            winner = {PLAYER: "you won", KING: "the King won"}.get(battle.winner or "",
                                                                   "both wiped out")
            parts.append(f"battle in {battle.territory} (cards {battle.player_card} v "
                         f"{battle.king_card}): {winner}{_withdrawal_words(battle)}")
        elif isinstance(event, ev.PlayerMoved):
            step = event.step
            parts.append(f"moved {step.count} {step.src}->{step.dst}")
        elif isinstance(event, ev.PlayerRallied):
            parts.append(f"rallied in {event.step.at}")
        elif isinstance(event, ev.ActionsDone):
            parts.append("actions done")
        elif isinstance(event, ev.Fixed):
            k, p = event.after
            parts.append(f"fixed {event.at}: King {k}, you {p}")
        elif isinstance(event, ev.HandTold):
            parts.append(f"hand told: {ids_words(event.cards)}")
        elif isinstance(event, ev.CardsFixed):
            after = event.after
            parts.append(f"fixed cards: hand {ids_words(after['hand'])}, discard "
                         f"{ids_words(after['discard'])}")
        elif isinstance(event, ev.Reshuffle):
            parts.append("deck reshuffled")
        elif isinstance(event, ev.GameOver):
            parts.append(f"game {event.outcome}")
    return "; ".join(parts) or "nothing happened"


# Kinds `checklist` says nothing for on purpose (another line covers them).
SILENT = (ev.ActionsStart,)
