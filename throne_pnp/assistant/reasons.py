"""One line per option of a hint, in players' words: what it does, from the rules engine
on a copy of the game (never from the search's rollouts, which say how good it is)."""

from __future__ import annotations

from throne_pnp.narrator.words import ACTION_WORDS, plural
from throne_pnp.players.bots import king_after
from throne_pnp.rules import actions as act
from throne_pnp.rules.game import Game
from throne_pnp.search.options import Option


def reason(game: Game, option: Option) -> str:
    """What `option` does, in one line."""
    first = option.actions[0]
    if first.kind == "card":
        return _card_reason(game, first.args[0], option.card is not None)
    if first.kind == "battle":
        return _battle_reason(game, first.args[0], option.card is not None)
    if first.kind == "withdraw":
        return _withdraw_reason(game, first.args[0])
    return _plan_reason(game, option)


def _near_home(game: Game, king: dict[int, int]) -> int:
    """King cubes on or next to the player's home."""
    board = game.board
    home = board.home
    return king[home] + sum(king[t] for t in board.adjacent[home])


def _card_reason(game: Game, cid: int, maybe: bool) -> str:
    board = game.board
    card = board.cards[cid]
    fixed = tuple(a for a in card.king if a != "uncertain")
    actions = " then ".join("follow Uncertain Orders (a card dealt decides)" if a == "uncertain"
                            else ACTION_WORDS[a] for a in card.king)
    after = king_after(board, game.position, fixed, card.priority, {}).king
    home = board.home
    line = (f"the King will {actions} ({card.priority}); you get "
            f"{plural(card.flags, 'command point')}")
    if "uncertain" not in card.king:
        near = _near_home(game, after)
        line += (f"; then {plural(near, 'King cube')} on or next to your home against your "
                 f"{game.position.player[home]}")
    return ("if it is in your hand: " if maybe else "") + line


def _battle_reason(game: Game, cid: int, maybe: bool) -> str:
    from throne_pnp.sim.odds import next_battle_odds

    report = next_battle_odds(game)
    row = next((r for r in (report or {}).get("cards", []) if r["card"] == cid), None)
    prefix = "if it is in your hand: " if maybe else ""
    if row is None:
        return prefix + "no King's card can answer it"
    card = game.board.cards[cid]
    spent = card.bugles + card.swords + card.shields
    return (f"{prefix}wins this battle {row['win']:.0%} of the time (exact), you lose "
            f"{row['expected_player_losses']:.1f} cubes on average; spends "
            f"{plural(spent, 'battle symbol')} from your hand")


def _withdraw_reason(game: Game, to: int) -> str:
    twin = game.copy()
    before = sum(twin.battle.position.player.values()) if twin.battle else 0
    twin.apply(act.withdraw(to))
    lost = before - sum(twin.position.player.values())
    king = twin.position.king
    kept = "keeps every cube" if not lost else f"the limit removes {plural(lost, 'cube')}"
    return (f"{kept}; {plural(king[to], 'King cube')} in {to} afterwards, "
            f"{plural(_near_home(game, king), 'King cube')} on or next to your home")


def _plan_reason(game: Game, option: Option) -> str:
    board = game.board
    twin = game.copy()
    for action in option.actions:
        if action.kind == "done":
            break
        twin.apply(action)
    P, K = twin.position.player, twin.position.king
    start = game.position.player
    moves = sum(1 for a in option.actions if a.kind == "move")
    rallies = [a.args[0] for a in option.actions if a.kind == "rally"]
    parts = [] if moves or rallies else ["keeps every cube where it is"]
    parts += [f"attacks {t} with {P[t]} against {K[t]}" for t in board.numbers if P[t] and K[t]]
    taken = [c for c in sorted(board.castles) if P[c] and not K[c] and not start[c]]
    if taken:
        parts.append("takes the castle" + ("s " if len(taken) > 1 else " ")
                     + ", ".join(map(str, taken)))
    if rallies:
        parts.append("rallies at " + ", ".join(map(str, rallies)))
    parts.append(f"keeps {plural(P[board.home], 'cube')} on your home against "
                 f"{plural(_near_home(game, K), 'King cube')} on or next to it")
    return "; ".join(parts)

