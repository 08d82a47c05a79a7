"""What the table page shows: plain values built from a session, for the templates.

Nothing here changes a game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from throne_pnp.assistant import explain
from throne_pnp.assistant.commands import taken_back_words
from throne_pnp.assistant.said import said_commands
from throne_pnp.content import Card, Content
from throne_pnp.narrator.checklist import checklist_lines
from throne_pnp.narrator.lines import Command, Line
from throne_pnp.render.backend.layout import icon_variants
from throne_pnp.render.components.cards import card_back, card_front
from throne_pnp.render.components.sheets import CARD_H, CARD_W
from throne_pnp.rules.actions import Action
from throne_pnp.rules.events import BattleFought, KingActed, PhaseCard, UncertainDraw
from throne_pnp.rules.game import Event, Game
from throne_pnp.rules.position import KING, PLAYER, Step, defender_words
from throne_pnp.web.board import MapArt, Pick
from throne_pnp.web.svgmarkup import num, shape, sprite

NO_BLEED = (False, False, False, False)


class Art:
    """Markup made once per server: the map, each card face, the icon sprite."""

    def __init__(self, content: Content):
        self.content = content
        self.map = MapArt(content) if content.map.drawable else None
        self.faces: dict[int, str] = {}
        variants = set(self.map.variants) if self.map else set()
        for card in content.cards:
            items = card_front(card, False, NO_BLEED)
            variants |= icon_variants(items)
            self.faces[card.id] = _face(items)
        back = card_back(False, NO_BLEED)
        variants |= icon_variants(back)
        self.back = _face(back)
        self.variants = variants      # the icon colourings the sprite defines
        self.sprite = sprite(variants)


def _face(items: tuple) -> str:
    """One card face (trim size, no bleed) as an inline `<svg>`."""
    return (f'<svg class="face" viewBox="0 0 {num(CARD_W)} {num(CARD_H)}" aria-hidden="true">'
            + "".join(shape(i) for i in items) + "</svg>")


@dataclass
class Recent:
    """The save's history as the page needs it (derived by replay, cached per version)."""

    last_actions: list[str] = field(default_factory=list)
    last_lines: list[Line] = field(default_factory=list)
    king_moves: tuple[Step, ...] = ()
    king_where: str = ""
    commands: int = 0
    revealed: list[tuple[str, int]] = field(default_factory=list)   # (what, card id)
    last_said: tuple[Command, ...] = ()   # the last command as typed (`battle 18`)
    battles: list[str] = field(default_factory=list)   # each battle's result in a line


def recent(session: Any) -> Recent:
    """Replay the save with explanations: the last command's checklist (whoever gave it,
    CLI or page) and the moves of the King's most recent action."""
    save = session.save
    game = session.replay(0)
    out = Recent(commands=len(save.commands))
    events: list[Event] = []
    for command in save.commands:
        where = f"turn {game.turn}, {explain.phase_words(game)}"
        events = []
        for text in command:
            events += game.apply(Action.parse(text))
        for event in events:
            if isinstance(event, KingActed):
                out.king_moves = tuple(s for s in event.result.steps
                                       if s.kind == "move" and s.side == KING)
                out.king_where = where
    if save.commands:
        out.revealed = revealed(events)
        out.battles = battle_results(events)
        out.last_actions = list(save.commands[-1])
        # what the player typed (older saves: their own actions in their words),
        # never the engine's action texts, which would name dealt cards
        out.last_said = said_commands(taken_back_words(session, 1)[0])
        resumed = out.last_actions[0].startswith("withdraw")
        out.last_lines = checklist_lines(events, game, save.physical, resumed)
    else:
        out.last_lines = checklist_lines(session.start_events, game, save.physical)
    return out


def revealed(events: list[Event]) -> list[tuple[str, int]]:
    """The cards a command turned over from the deck, to show face up."""
    out: list[tuple[str, int]] = []
    seen: set[int] = set()
    for event in events:
        if isinstance(event, PhaseCard) and not event.from_hand:
            out.append(("The King's card", event.card))
        elif isinstance(event, UncertainDraw):
            out.append(("Dealt for Uncertain Orders", event.card))
        elif isinstance(event, BattleFought) and id(event.battle) not in seen:
            seen.add(id(event.battle))
            battle = event.battle
            out.append((f"The King's battle card in {battle.territory}", battle.king_card))
    return out


def battle_results(events: list[Event]) -> list[str]:
    """'Battle in 7: the King won; casualties: you 2, the King 0' per finished battle."""
    out = []
    seen: set[int] = set()
    for event in events:
        if not isinstance(event, BattleFought) or id(event.battle) in seen \
                or not event.battle.done:
            continue
        seen.add(id(event.battle))
        battle = event.battle
        winner = {PLAYER: "you won", KING: "the King won"}.get(battle.winner or "",
                                                               "both sides wiped out")
        line = (f"Battle in {battle.territory}: {winner}; casualties: you "
                f"{battle.casualties[PLAYER]}, the King {battle.casualties[KING]}")
        away = battle.withdrawal
        if away and away.get("to") is not None:
            who = "your cubes" if away["side"] == PLAYER else "the King's cubes"
            line += f"; {who} withdraw to {away['to']}"
        elif away:
            line += "; the losers had nowhere to go"
        out.append(line)
    return out


def heading(game: Game, physical: bool, names: dict[int, Any]) -> str:
    """What the page asks for now, in a few words (the CLI's `Next:` names commands)."""
    need = game.need()
    t = need.territory
    where = f"{t} · {names[t].name}" if t is not None else ""
    if need.kind == "over":
        return f"Game over after turn {game.turn}"
    if need.kind == "card":
        return f"Turn {game.turn}: play your phase card"
    if need.kind == "deal":
        return {"phase": "The King's card phase: turn over the top card of the deck"
                         if physical else "The King's card phase: turn over his card",
                "uncertain": "Uncertain Orders: deal the top card of the deck",
                "battle": f"Battle in {where}: turn over the King's card",
                "hand": "Draw your new hand"}[need.purpose]
    if need.kind == "battle":
        return f"Battle in {where}: choose your battle card"
    if need.kind == "withdraw":
        return f"You lost the battle in {where}: withdraw where?"
    return f"Player Actions: {explain.plural(game.command_points, 'command point')} left"


def status(session: Any) -> dict[str, Any]:
    game: Game = session.game
    need = game.need()
    phase_card = game.phase_card
    return {
        "mode": session.mode,
        "turn": game.turn,
        "phase": explain.phase_words(game),
        "need": need.kind if need.kind != "deal" else f"deal-{need.purpose}",
        "cp": game.command_points,
        "next": heading(game, session.physical, session.content.map.territories),
        "outcome": game.outcome,
        "phase_card": card_view(session.content, game.board.cards[phase_card])
        if phase_card else None,
        "deck": game.deck_count,
        "discard": len(game.discard),
        "hand_count": game.hand_count,
        "commands": len(session.save.commands),
    }


def territories(session: Any, battles: tuple[int, ...]) -> list[dict[str, Any]]:
    """The territory list under the map: number, name, symbols, cubes."""
    game: Game = session.game
    out = []
    for n in game.board.numbers:
        terr = session.content.map.territories[n]
        out.append({"n": n, "name": terr.name, "castle": terr.castle,
                    "king": game.position.king[n], "you": game.position.player[n],
                    "home": n == game.board.home, "battle": n in battles})
    return out


def card_view(content: Content, card: Card) -> dict[str, Any]:
    """One card for the page: its title, and its words for screen readers."""
    title = f"{card.id} · {card.name}" if card.name else str(card.id)
    return {"id": card.id, "name": card.name, "title": title,
            "words": explain.card_words(card), "flags": card.flags, "priority": card.priority}


def cards(content: Content, game: Game, ids: list[int]) -> list[dict[str, Any]]:
    return [card_view(content, game.board.cards[i]) for i in ids]


def battle_panel(session: Any) -> dict[str, Any]:
    """The pending battle: where, who defends, cubes, and each card's exact odds."""
    from throne_pnp.sim.odds import next_battle_odds

    game: Game = session.game
    need = game.need()
    t = need.territory
    assert t is not None
    defender = game.defender
    out: dict[str, Any] = {
        "territory": t, "name": session.content.map.territories[t].name,
        "defender": defender_words(defender),
        "you": game.position.player[t], "king": game.position.king[t],
        "queue": list(game.pending_battles), "odds": {}, "best": None,
    }
    report = next_battle_odds(game)
    if report:
        out["king_cards"] = len(report["king_cards"])
        rows = {r["card"]: r for r in report["cards"]}
        out["odds"] = rows
        if rows:
            out["best"] = max(rows.values(), key=lambda r: (r["win"], -r["card"]))["card"]
    return out


def odds_words(row: dict[str, Any] | None) -> str:
    if not row:
        return ""
    return (f"{row['win']:.0%} wins this battle, loses it {row['lose']:.0%}, both out "
            f"{row['both_wiped_out']:.0%}; losses: you {row['expected_player_losses']:.1f}, "
            f"King {row['expected_king_losses']:.1f}")


def withdrawal_choices(session: Any) -> list[dict[str, Any]]:
    """Each place the beaten cubes may go, with the cubes the limit then removes (R14)."""
    from throne_pnp.assistant.choices import withdraw_costs

    names = session.content.map.territories
    return [{"to": to, "name": names[to].name, "lost": lost,
             "cost": f"your limit removes {explain.plural(lost, 'cube')}" if lost
             else "no cubes lost"}
            for to, lost in withdraw_costs(session.game).items()]


@dataclass
class ActionChoices:
    """The legal Player Actions, as the page offers them, with why-nots."""

    moves: dict[tuple[int, int], list[int]]          # (from, to) -> legal counts
    sources: list[int]
    rallies: list[int]
    why_not_rally: list[str]
    why_not_from: list[str]
    picks: dict[int, Pick]
    src: int | None = None
    dst: int | None = None
    counts: list[int] = field(default_factory=list)
    empties_home: bool = False
    default: int = 0                  # the count the form starts at
    emptying: list[int] = field(default_factory=list)   # counts that leave home empty
    planned: list[dict[str, Any]] = field(default_factory=list)  # odds of the battles Done starts


def action_choices(session: Any, src: int | None, dst: int | None) -> ActionChoices:
    """Offer only legal moves and rallies; `src`/`dst` are the taps so far (if legal)."""
    game: Game = session.game
    board = game.board
    names = session.content.map.territories
    moves: dict[tuple[int, int], list[int]] = {}
    for action in game.legal_moves():
        count, a, b = action.args
        moves.setdefault((a, b), []).append(count)
    sources = sorted({a for a, _ in moves})
    rallies = [a.args[0] for a in game.legal_rallies()]
    # the engine's own words for each refusal
    why_not_rally = [f"rally at {t}: {problem}" for t in sorted(board.castles)
                     if t not in rallies and (problem := game.rally_problem(t))]
    why_not_from = []
    pos = game.position
    for t in board.numbers:
        if pos.player[t] and t not in sources:
            dests = board.adjacent[t]
            reasons = {game.move_problem(1, t, d) for d in dests} - {None}
            why_not_from.append(f"move from {t}: " + "; ".join(sorted(r for r in reasons if r)))
    if src not in sources:
        src, dst = None, None
    if src is not None and (src, dst) not in moves:
        dst = None
    picks: dict[int, Pick] = {}
    counts: list[int] = []
    if src is None:
        for t in sources:
            n = pos.player[t]
            picks[t] = Pick(f"/?from={t}#now", f"Move from {t} · {names[t].name} "
                                           f"({n} of your cubes)")
    else:
        picks[src] = Pick("/#now", f"Move from {src} · {names[src].name}: chosen (tap to cancel)",
                          selected=True)
        for (a, b) in sorted(moves):
            if a == src:
                picks[b] = Pick(f"/?from={src}&to={b}#now", f"Move to {b} · {names[b].name}",
                                selected=b == dst)
        if dst is not None:
            counts = sorted(moves[(src, dst)])
    emptying = [n for n in counts if src is not None and dst is not None
                and session.empties_home(n, src, dst)]
    return ActionChoices(moves, sources, rallies, why_not_rally, why_not_from, picks, src, dst,
                         counts, bool(emptying), default_count(counts, emptying), emptying,
                         session.planned_battle_odds())


def default_count(counts: list[int], emptying: list[int]) -> int:
    """The count a move form starts at: the most cubes that may go without emptying the
    home castle (a move costs one point however many go); 0 when there is no count."""
    safe = [n for n in counts if n not in emptying]
    return max(safe) if safe else (min(counts) if counts else 0)


def territory_name(content: Content, n: int | None) -> str:
    return "" if n is None else content.map.territories[n].name


def bgstats_share(session: Any) -> dict[str, str]:
    """A finished game's BG Stats link and its QR code (inline SVG) for the page."""
    import segno

    from throne_pnp.assistant.history import entry_of
    from throne_pnp.assistant.playexport import bgstats_link

    link = bgstats_link(entry_of(session))
    return {"link": link, "qr": segno.make(link, error="l").svg_inline(scale=2, border=2,
                                                                          light="#ffffff")}
