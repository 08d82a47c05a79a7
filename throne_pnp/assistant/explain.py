"""Explanations: the engine's events as a checklist, then what is needed next.

After every command the player reads, in this order: what to do on the table
(each King cube move with its reason, rallies, casualties, withdrawals,
removals over a limit, when to draw a hand or reshuffle the deck) and then
the one thing the program needs next, with the command that gives it.

The words here are the assistant's own; the reasons for each cube move come
from the engine (`Step.why`, `Battle.why`), so the checklist and
`throne resolve` always agree.
"""

from __future__ import annotations

from throne_pnp.assistant.kingsofar import so_far_lines, told_before
from throne_pnp.assistant.said import replay_command, typed
from throne_pnp.assistant.words import (  # noqa: F401  (part of this module's API)
    ACTION_WORDS,
    BOX,
    battle_lines,
    card_words,
    cubes,
    ids_words,
    king_lines,
    notes_by_action,
    plural,
    step_line,
)
from throne_pnp.rules.battle import Battle
from throne_pnp.rules.game import KING_CARD, Event, Game, Need
from throne_pnp.rules.king import KingResult
from throne_pnp.rules.position import KING, PLAYER, Step, defender_words

TYPE_CHECKING = False
if TYPE_CHECKING:   # (typing is not loaded at run time: a table command starts faster)
    from typing import Any


def _hand_line(event: Event, physical: bool, reshuffled: int | None) -> str:
    if physical:
        count = event.info.get("count", 0)
        line = f"{BOX} your hand is empty: draw {plural(count, 'new card')} from the deck"
        if reshuffled is not None:
            line += (f" (when the deck runs out, shuffle the discard pile, {reshuffled} "
                     "cards, into a new deck and keep drawing)")
        return (line + "; if you like, tell me them with `throne hand IDS` (e.g. "
                "`throne hand 3,6,9,12,14`): I then refuse a card played from elsewhere")
    return f"New hand: {', '.join(map(str, event.data))}."


def checklist(events: list[Event], game: Game, physical: bool,
              resumed_withdrawal: bool = False) -> list[str]:
    """What to do on the table, in order, for a command's events."""
    board = game.board
    out: list[str] = []
    shown: set[int] = set()
    draws_here = sum(1 for e in events if e.kind == "uncertain-draw")
    phase_here = any(e.kind == "phase-card" for e in events)
    for i, event in enumerate(events):
        kind = event.kind
        if kind == "reshuffle":
            nxt = events[i + 1] if i + 1 < len(events) else None
            if physical and nxt is not None and nxt.kind == "hand":
                continue  # told with the hand draw
            if physical:
                out.append(f"{BOX} the deck is empty: shuffle the discard pile "
                           f"({plural(event.data, 'card')}) into a new face-down deck")
            else:
                out.append(f"The deck ran out: the discard pile ({plural(event.data, 'card')}) "
                           "was shuffled into a new deck.")
        elif kind == "hand":
            prev = events[i - 1] if i else None
            reshuffled = prev.data if prev is not None and prev.kind == "reshuffle" else None
            out.append(_hand_line(event, physical, reshuffled))
        elif kind == "phase-card":
            card = board.cards[event.data]
            if event.info.get("from") == "hand":
                out.append(f"Phase card (from your hand): {card_words(card)}.")
            else:
                out.append(f"The King's card (top of the deck): {card_words(card)}.")
        elif kind == "uncertain-draw":
            card = board.cards[event.data]
            more = " - Uncertain Orders again: deal another" if card.uncertain else ""
            if physical:
                out.append(f"{BOX} dealt for Uncertain Orders: {card_words(card)}; put it on "
                           f"the discard pile{more}.")
            else:
                out.append(f"Dealt for Uncertain Orders (then discarded): {card_words(card)}"
                           f"{more}.")
        elif kind == "king":
            result: KingResult = event.data
            told = told_before(board, game_phase_card(events, result, game), result.draws,
                               draws_here, phase_here)
            out += king_lines(result, board, told=told)
        elif kind == "battle-card":
            where = f"the battle in {event.info['territory']}"
            if physical:
                out.append(f"Your card {event.data} is on the table for {where}.")
            else:
                out.append(f"You play card {event.data} for {where}.")
        elif kind == "battle":
            battle: Battle = event.data
            if id(battle) in shown:
                continue
            shown.add(id(battle))
            only_withdrawal = resumed_withdrawal and i == 0
            if not physical and not only_withdrawal:
                king_card = board.cards[battle.king_card]
                out.append(f"The King's battle card: {card_words(king_card)}.")
            out += battle_lines(battle, only_withdrawal, physical)
            if not battle.done:
                out.append(f"  You lost: your {battle.position.player[battle.territory]} "
                           "surviving cube(s) must withdraw together.")
        elif kind in ("move", "rally"):
            step: Step = event.data
            verb = (f"move {cubes(step.count, PLAYER)} {step.src} -> {step.dst}"
                    if kind == "move" else f"add 1 of your cubes in {step.at}")
            out.append(f"{BOX} {verb} ({game_cp_left(game)})")
            out += ["  " + step_line(s) for s in event.info.get("removed", [])]
        elif kind == "done":
            out.append("Player Actions are over.")
        elif kind == "fix":
            (bk, bp), (ak, ap) = event.info["before"], event.info["after"]
            out.append(f"Record fixed: {event.data} now holds King {ak}, you {ap} "
                       f"(was King {bk}, you {bp}).")
        elif kind == "hand-told":
            out.append(f"Your hand is noted: {ids_words(event.data)}. A card from elsewhere, "
                       "or a King's card among these, will be refused.")
        elif kind == "fixcards":
            before, after = event.info["before"], event.info["after"]
            for part, words in (("hand", "your hand"), ("discard", "the discard pile")):
                if before[part] != after[part]:
                    out.append(f"Record fixed: {words} now holds {ids_words(after[part])} "
                               f"(was {ids_words(before[part])}).")
        elif kind == "over":
            if event.data == "won":
                out.append("*** You WON: you hold every castle. ***")
            else:
                out.append(f"*** You LOST: your home castle {board.home} has fallen. ***")
        elif kind == "phase-end":
            if event.data is not None and physical:
                out.append(f"{BOX} put the phase card {event.data} on the discard pile")
            elif event.data is not None:
                out.append(f"The phase card {event.data} goes to the discard pile.")
        elif kind == "phase":
            if event.data == KING_CARD:
                out.append(f"--- Turn {event.info['turn']}: the King's card phase ---")
            else:
                out.append(f"--- Turn {event.info['turn']}: your card phase ---")
    if game.phase_card is not None and (draws_here or phase_here):
        out += so_far_lines(game, told_before(board, game.phase_card, game.draws, draws_here,
                                              phase_here))
    return out


def game_phase_card(events: list[Event], result: KingResult, game: Game) -> int:
    """The phase card whose King's action `result` is: the one turned over in
    these events, else the one on the table."""
    for event in events:
        if event.kind == "phase-card":
            return event.data
    return game.phase_card if game.phase_card is not None else 0


def game_cp_left(game: Game) -> str:
    return f"{plural(game.command_points, 'command point')} left"


def fresh_hand(game: Game) -> bool:
    """Physical: is the hand a new one not yet looked at, drawn because the
    battle card just played was the last (R10: before the King's card)?"""
    return (game.physical and game.need().kind == "deal" and game.battle_card is not None
            and game.hand_hidden > 0 and game.hand_hidden == game.hand_count
            and game.hand_count == last_refill(game))


def last_refill(game: Game) -> int:
    """How many cards the next new hand holds (fewer when few are in the game)."""
    return min(game.board.hand_size, len(game.in_game))


def next_step(game: Game, physical: bool) -> tuple[str, str]:
    """(what the program needs next, in words; the command that gives it)."""
    need: Need = game.need()
    if need.kind == "over":
        return (f"The game is over: you {game.outcome}", "throne new --force")
    known = game.known_hand()
    hand = f" (hand: {', '.join(map(str, known))})" if known else ""
    if need.kind == "card":
        return (f"Turn {game.turn}, your card phase: play a card from your hand as the "
                f"phase card{hand}", "throne card ID")
    if need.kind == "deal":
        if need.purpose == "phase":
            if physical:
                return ("The King's card phase: turn over the top card of the deck and "
                        "tell me its number", "throne card ID")
            return ("The King's card phase: let me draw the King's card", "throne card")
        if need.purpose == "uncertain":
            return ("Uncertain Orders: deal the top card of the deck and tell me its number",
                    "throne card --draws ID")
        if need.purpose == "battle":
            if fresh_hand(game):
                return (f"Battle in {need.territory}: that was your last card, so first draw "
                        f"your new hand ({plural(game.hand_count, 'card')}), then turn over "
                        "the next card of the deck for the King and tell me its number",
                        "throne battle --king-card K")
            return (f"Battle in {need.territory}: draw the top card of the deck for the King "
                    "and tell me its number", "throne battle --king-card K")
        return ("Draw your new hand", "throne status")
    if need.kind == "battle":
        t = need.territory
        who = defender_words(game.defender)
        extra = " --king-card K" if physical else ""
        if game.hand_count == 1:     # R10: the new hand comes off the deck before the King's
            if physical:
                return (f"Battle in {t}, {who}: play your last card{hand}, then draw your new "
                        f"hand ({plural(last_refill(game), 'card')}), and only then turn over "
                        "the top card of the deck for the King", f"throne battle CARD{extra}")
            return (f"Battle in {t}, {who}: play your last card{hand}; your new hand is dealt "
                    "next, and only then the King's card", "throne battle CARD")
        after = (", then turn over the top card of the deck for the King" if physical else "")
        return (f"Battle in {t}, {who}: play a card from your hand{after}{hand}",
                f"throne battle CARD{extra}")
    if need.kind == "withdraw":
        from throne_pnp.assistant.choices import withdraw_words

        return (f"You lost the battle in {need.territory}: choose where your cubes withdraw "
                f"({withdraw_words(game)})", "throne withdraw T")
    cp = game.command_points
    parts = []
    if cp >= 1:
        parts.append("`throne move COUNT FROM TO` (1 point)")
    if cp >= 2:
        parts.append("`throne rally T` (2 points)")
    parts.append("`throne done` to finish")
    return (f"Player Actions: {plural(cp, 'command point')} left: " + ", ".join(parts),
            "throne done")


def next_line(game: Game, physical: bool, with_command: bool = True) -> str:
    """The `Next:` line: what is needed, and the command that gives it (not
    for `throne play`, which takes answers, not commands)."""
    text, command = next_step(game, physical)
    if not with_command:
        if game.need().kind == "actions":
            return f"Next: your Player Actions ({game_cp_left(game)})."
        return f"Next: {text}."
    if game.need().kind in ("actions", "over"):
        return f"Next: {text}."
    return f"Next: {text} - `{command}`"


def status_json(game: Game, mode: str, seed: int, hard: list[int],
                level: str = "") -> dict[str, Any]:
    """SPEC §4 `status --json`, plus counts and the next step; `level` is the
    ladder level the game was started at (null when none was named)."""
    physical = mode == "physical"
    text, command = next_step(game, physical)
    need = game.need()
    data: dict[str, Any] = {
        "phase": game.phase,
        "step": game.step,
        "turn": game.turn,
        "command_points": game.command_points,
        "position": game.position.to_json(),
        "pending_battles": list(game.pending_battles),
        "outcome": game.outcome,
        "mode": mode,
        "seed": seed,
        "hard_cards": list(hard),
        "level": level or None,
        "phase_card": game.phase_card,
        "defender": game.defender if need.kind in ("battle", "withdraw") else None,
        "hand_count": game.hand_count,
        "deck_count": game.deck_count,
        "discard_count": len(game.discard),
        "discard": list(game.discard),
        "table": list(game.table),
        "next": {"need": need.kind if need.kind != "deal" else f"deal-{need.purpose}",
                 "text": text, "command": command},
    }
    if need.kind == "withdraw":
        data["withdraw_options"] = list(need.options)
    known = game.known_hand()
    if known is not None:
        data["hand"] = known        # virtual, or physical once told (`throne hand`)
    return data


def event_json(event: Event) -> dict[str, Any]:
    """One event as JSON for `--json` command output."""
    out: dict[str, Any] = {"kind": event.kind}
    data = event.data
    if isinstance(data, (KingResult, Battle)):
        out.update(data.to_json())
    elif isinstance(data, Step):
        out["step"] = data.to_json()
        out["removed"] = [s.to_json() for s in event.info.get("removed", [])]
    elif data is not None:
        out["value"] = data
    for key, value in event.info.items():
        if key != "removed" and key not in out:
            out[key] = list(value) if isinstance(value, tuple) else value
    return out


def phase_words(game: Game) -> str:
    """The phase in words: "your card phase" or "the King's card phase"."""
    return "the King's card phase" if game.phase == KING_CARD else "your card phase"


def status_text(session: Any, with_commands: bool = True) -> str:
    """`throne status` in words (`with_commands` False: for `throne play`)."""
    game: Game = session.game
    save = session.save
    board = game.board
    hard = ", ".join(map(str, save.hard)) or "none"
    seed = "" if session.physical else f", seed {save.seed}"
    level = f" (level {save.level})" if save.level else ""
    out = [f"{save.mode.capitalize()} game{seed}, hard cards: {hard}{level} "
           f"(save: {session.path})."]
    if game.outcome is not None:
        out.append(f"The game is over: you {game.outcome} (turn {game.turn}).")
    else:
        out.append(f"Turn {game.turn}, {phase_words(game)}; step: {game.step}.")
    if game.phase_card is not None:
        out.append(f"Phase card: {card_words(board.cards[game.phase_card])}.")
    if game.stage in ("actions",):
        out.append(f"Command points left: {game.command_points}.")
    if game.pending_battles:
        who = defender_words(game.defender)
        out.append(f"Battles pending ({who}): {', '.join(map(str, game.pending_battles))}.")
    pos = game.position
    king = " ".join(f"{t}:{n}" for t, n in pos.compact(KING).items()) or "none"
    you = " ".join(f"{t}:{n}" for t, n in pos.compact(PLAYER).items()) or "none"
    out.append(f"Cubes (territory:count): King {king}; you {you}.")
    table = f"; on the table: {', '.join(map(str, game.table))}" if game.table else ""
    out.append(f"Cards: deck {game.deck_count}, discard {len(game.discard)}, "
               f"hand {game.hand_count}{table}.")
    known = game.known_hand()
    if known:
        out.append("Your hand:" if not session.physical else "Your hand (as you told it):")
        out += ["  " + card_words(board.cards[c]) for c in known]
    if known is not None:
        out += battle_odds_lines(game)
    out.append(next_line(game, session.physical, with_commands))
    return "\n".join(out)


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


def _summary(events: list[Event]) -> str:
    """A command's events in a few words, for `throne log`."""
    parts: list[str] = []
    for event in events:
        kind = event.kind
        if kind == "phase-card":
            source = "played" if event.info.get("from") == "hand" else "King's card"
            parts.append(f"{source} {event.data}")
        elif kind == "uncertain-draw":
            parts.append(f"Uncertain Orders dealt {event.data}")
        elif kind == "king":
            result: KingResult = event.data
            moved = sum(s.count for s in result.steps if s.kind == "move")
            rallied = sum(s.count for s in result.steps if s.kind == "rally")
            bits = [f"moved {plural(moved, 'cube')}" if moved else "",
                    f"rallied {rallied}" if rallied else ""]
            parts.append("King " + (" and ".join(b for b in bits if b) or "did nothing"))
        elif kind == "battle-card":
            parts.append(f"battle card {event.data} in {event.info['territory']}")
        elif kind == "battle" and event.data.done:
            battle: Battle = event.data
            winner = {PLAYER: "you won", KING: "the King won"}.get(battle.winner or "",
                                                                   "both wiped out")
            parts.append(f"battle in {battle.territory} (cards {battle.player_card} v "
                         f"{battle.king_card}): {winner}{_withdrawal_words(battle)}")
        elif kind == "move":
            step = event.data
            parts.append(f"moved {step.count} {step.src}->{step.dst}")
        elif kind == "rally":
            parts.append(f"rallied in {event.data.at}")
        elif kind == "done":
            parts.append("actions done")
        elif kind == "fix":
            k, p = event.info["after"]
            parts.append(f"fixed {event.data}: King {k}, you {p}")
        elif kind == "hand-told":
            parts.append(f"hand told: {ids_words(event.data)}")
        elif kind == "fixcards":
            after = event.info["after"]
            parts.append(f"fixed cards: hand {ids_words(after['hand'])}, discard "
                         f"{ids_words(after['discard'])}")
        elif kind == "reshuffle":
            parts.append("deck reshuffled")
        elif kind == "over":
            parts.append(f"game {event.data}")
    return "; ".join(parts) or "nothing happened"


def log_entries(session: Any) -> list[dict[str, Any]]:
    """Every accepted command with where it happened and what it did."""
    save = session.save
    game = session.replay(0)
    seed = "" if save.physical else f", seed {save.seed}"
    entries = [{"number": 0, "where": "setup", "actions": list(save.opening),
                "text": f"new {save.mode} game{seed}"
                        + (f", hand {', '.join(map(str, sorted(game.hand)))}"
                           if not save.physical else "")}]
    for number, command in enumerate(save.commands, 1):
        where = f"turn {game.turn}, {phase_words(game)}"
        rebuilt, events = replay_command(game, command)
        said = save.said_for(number - 1)
        words = typed(said, rebuilt)
        entries.append({"number": number, "where": where, "actions": list(command),
                        "said": words, "text": f"`throne {words}`: {_summary(events)}"})
    return entries


def log_line(entry: dict[str, Any]) -> str:
    """One `log_entries` entry as a line of `throne log`."""
    return f"{entry['number']:>3}. {entry['where']}: {entry['text']}"


def hand_lines(session: Any) -> list[str]:
    """When a card must be chosen and the hand is known: the hand, one card a line."""
    game: Game = session.game
    known = game.known_hand()
    if not known or game.need().kind not in ("card", "battle"):
        return []
    return ["Your hand:"] + ["  " + card_words(game.board.cards[c]) for c in known]


def new_game_lines(session: Any) -> list[str]:
    """What to set up on the table for a new game."""
    save, board = session.save, session.board
    normal = len(save.cards) - len(save.hard)
    hard = (f"hard cards {', '.join(map(str, save.hard))}" if save.hard else "no hard cards")
    if save.level:
        hard = f"level {save.level}: {hard}"
    seed = "" if session.physical else f"seed {save.seed}; "
    out = [f"New {save.mode} game saved to {session.path} ({seed}{normal} normal "
           f"cards, {hard})."]
    pos = session.game.position
    you = ", ".join(f"{n} in {t}" for t, n in pos.compact(PLAYER).items()) or "none"
    king = ", ".join(f"{n} in {t}" for t, n in pos.compact(KING).items()) or "none"
    out.append(f"Set up the map: your cubes {you}; the King's cubes {king}.")
    if session.physical:
        unused = sorted(set(board.cards) - set(save.cards))
        out.append(f"Shuffle these {len(save.cards)} cards into a face-down deck: "
                   f"{', '.join(map(str, sorted(save.cards)))}"
                   + (f" (put {', '.join(map(str, unused))} aside)." if unused else "."))
    return out


def command_lines(session: Any, events: list[Event], notes: list[str],
                  resumed_withdrawal: bool = False, extra: list[str] | None = None,
                  next_line: bool = True) -> list[str]:
    """Everything printed after a command: checklist (and `extra` lines), notes,
    hand, and the `Next:` line (left out by `throne play`, whose prompt asks)."""
    game: Game = session.game
    out = checklist(events, game, session.physical, resumed_withdrawal)
    out += list(extra or [])
    out += [f"Note: {n}" for n in notes]
    out += hand_lines(session)
    if game.known_hand() is not None:
        out += battle_odds_lines(game)
    if next_line:
        out.append(next_step_line(game, session.physical))
    return out


next_step_line = next_line  # (for `command_lines`, whose flag shadows the name)


def battle_odds_lines(game: Game) -> list[str]:
    """Before a battle in a virtual game: the exact odds of each card in your hand."""
    if game.need().kind != "battle":
        return []   # (as `next_battle_odds` says, without loading the odds and fractions)
    from throne_pnp.sim.odds import next_battle_odds, odds_lines

    report = next_battle_odds(game)
    return odds_lines(report) if report else []
