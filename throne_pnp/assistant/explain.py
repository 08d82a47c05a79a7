"""What a tracked game needs next (`next_need`), its status, its log, and a command's
output: the narrator's checklist of its events, then what the program needs next."""

from __future__ import annotations

from typing import Any

from throne_pnp.assistant import said as said_words
from throne_pnp.narrator.checklist import checklist, cp_left, event_json, summary  # noqa: F401
from throne_pnp.narrator.lines import Command, Part, typed
from throne_pnp.narrator.words import ACTION_WORDS, BOX, card_words, ids_words, plural  # noqa: F401
from throne_pnp.rules.game import KING_CARD, Event, Game, Need
from throne_pnp.rules.position import KING, PLAYER, defender_words


def fresh_hand(game: Game) -> bool:
    """Physical: is the hand a new one not yet looked at, drawn because the
    battle card just played was the last (R10: before the King's card)?"""
    return (game.physical and game.need().kind == "deal" and game.battle_card is not None
            and game.hand_hidden > 0 and game.hand_hidden == game.hand_count
            and game.hand_count == last_refill(game))


def last_refill(game: Game) -> int:
    """How many cards the next new hand holds (fewer when few are in the game)."""
    return min(game.board.hand_size, len(game.in_game))


CARD_ID = Command("card", ("ID",))
KING_CARD_K = (("king-card", "K"),)


def next_step(game: Game, physical: bool) -> tuple[str, str]:
    """(what the program needs next, in words; the command that gives it, as typed)."""
    text, command = next_need(game, physical)
    return typed(text), command.typed()


def next_need(game: Game, physical: bool) -> tuple[tuple[Part, ...], Command]:
    """What the program needs next (words and commands) and the command that gives it."""
    need: Need = game.need()
    if need.kind == "over":
        return (f"The game is over: you {game.outcome}",), Command("new", (), (("force", ""),))
    known = game.known_hand()
    hand = f" (hand: {', '.join(map(str, known))})" if known else ""
    if need.kind == "card":
        return (f"Turn {game.turn}, your card phase: play a card from your hand as the "
                f"phase card{hand}",), CARD_ID
    if need.kind == "deal":
        if need.purpose == "phase":
            if physical:
                return ("The King's card phase: turn over the top card of the deck and "
                        "tell me its number",), CARD_ID
            return ("The King's card phase: let me draw the King's card",), Command("card")
        if need.purpose == "uncertain":
            return (("Uncertain Orders: deal the top card of the deck and tell me its number",),
                    Command("card", (), (("draws", "ID"),)))
        if need.purpose == "battle":
            battle = Command("battle", (), KING_CARD_K)
            if fresh_hand(game):
                return (f"Battle in {need.territory}: that was your last card, so first draw "
                        f"your new hand ({plural(game.hand_count, 'card')}), then turn over "
                        "the next card of the deck for the King and tell me its number",), battle
            return (f"Battle in {need.territory}: draw the top card of the deck for the King "
                    "and tell me its number",), battle
        return ("Draw your new hand",), Command("status")
    if need.kind == "battle":
        t = need.territory
        who = defender_words(game.defender)
        battle = Command("battle", ("CARD",), KING_CARD_K if physical else ())
        if game.hand_count == 1:     # R10: the new hand comes off the deck before the King's
            if physical:
                return (f"Battle in {t}, {who}: play your last card{hand}, then draw your new "
                        f"hand ({plural(last_refill(game), 'card')}), and only then turn over "
                        "the top card of the deck for the King",), battle
            return (f"Battle in {t}, {who}: play your last card{hand}; your new hand is dealt "
                    "next, and only then the King's card",), battle
        after = (", then turn over the top card of the deck for the King" if physical else "")
        return (f"Battle in {t}, {who}: play a card from your hand{after}{hand}",), battle
    if need.kind == "withdraw":
        from throne_pnp.assistant.choices import withdraw_words

        return ((f"You lost the battle in {need.territory}: choose where your cubes withdraw "
                 f"({withdraw_words(game)})",), Command("withdraw", ("T",)))
    cp = game.command_points
    parts: list[Part] = [f"Player Actions: {plural(cp, 'command point')} left: "]
    if cp >= 1:
        parts += [Command("move", ("COUNT", "FROM", "TO")), " (1 point), "]
    if cp >= 2:
        parts += [Command("rally", ("T",)), " (2 points), "]
    parts += [Command("done"), " to finish"]
    return tuple(parts), Command("done")


def next_line(game: Game, physical: bool, with_command: bool = True) -> str:
    """The `Next:` line: what is needed, and the command that gives it (not
    for `throne play`, which takes answers, not commands)."""
    text, command = next_step(game, physical)
    kind = game.need().kind
    if not with_command and kind == "actions":
        return f"Next: your Player Actions ({cp_left(game)})."
    if not with_command or kind in ("actions", "over"):
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
    out.append(f"Turn {game.turn}, {phase_words(game)}; step: {game.step}." if game.outcome is None
               else f"The game is over: you {game.outcome} (turn {game.turn}).")
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


def log_entries(session: Any) -> list[dict[str, Any]]:
    """Every accepted command with where it happened and what it did (`throne log --json`)."""
    return [{k: v for k, v in entry.items() if k not in PAGE_ONLY}
            for entry in log_records(session)]


PAGE_ONLY = ("commands", "summary")


def log_records(session: Any) -> list[dict[str, Any]]:
    """`log_entries` with, for the page, each command as records and its summary apart."""
    save = session.save
    game = session.replay(0)
    seed = "" if save.physical else f", deal number {save.seed}"
    entries = [{"number": 0, "where": "setup", "actions": list(save.opening),
                "text": f"new {save.mode} game{seed}"
                        + (f", hand {', '.join(map(str, sorted(game.hand)))}"
                           if not save.physical else "")}]
    for number, command in enumerate(save.commands, 1):
        where = f"turn {game.turn}, {phase_words(game)}"
        rebuilt, events = said_words.replay_command(game, command)
        words = said_words.typed(save.said_for(number - 1), rebuilt)
        entries.append({"number": number, "where": where, "actions": list(command),
                        "said": words, "commands": said_words.said_commands(words),
                        "summary": summary(events),
                        "text": f"`throne {words}`: {summary(events)}"})
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
                  with_next: bool = True) -> list[str]:
    """Everything printed after a command: checklist (and `extra` lines), notes,
    hand, and the `Next:` line (left out by `throne play`, whose prompt asks)."""
    game: Game = session.game
    out = checklist(events, game, session.physical, resumed_withdrawal)
    out += list(extra or [])
    out += [f"Note: {n}" for n in notes]
    out += hand_lines(session)
    if game.known_hand() is not None:
        out += battle_odds_lines(game)
    if with_next:
        out.append(next_line(game, session.physical))
    return out


def battle_odds_lines(game: Game) -> list[str]:
    """Before a battle in a virtual game: the exact odds of each card in your hand."""
    if game.need().kind != "battle":
        return []   # (as `next_battle_odds` says, without loading the odds and fractions)
    from throne_pnp.sim.odds import next_battle_odds, odds_lines

    report = next_battle_odds(game)
    return odds_lines(report) if report else []
