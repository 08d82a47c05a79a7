"""The logic of each tracked-game command, shared by the CLI and the table page.

Each function takes an open `Session` (normally from `Session.locked`, so the
whole read-replay-write happens under the save's lock), checks that the
command fits the step the game is at, applies it as one transaction and
returns the `Command` (accepted action texts, the events to explain, notes).
Anything the user got wrong raises `ThroneError` with one line saying what
and what would be right; the save is then unchanged. Parsing (words to
numbers) belongs to the caller; the validation that is not parsing lives here,
so `throne card 7` and a tap on the table page are refused with the same words.

Commands: `new_game`, `play_card`, `play_battle`, `withdraw`, `move`, `rally`,
`done`, `tell_hand`, `fix`, `undo`. A refusal that only needs the player's word is a
`NeedsConfirmation` (the home castle emptied by a move): ask, then call again
with `confirmed=True`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from throne_pnp.assistant.explain import fresh_hand, next_need
from throne_pnp.assistant.lock import save_lock
from throne_pnp.assistant.said import replay_command, typed
from throne_pnp.assistant.session import Command, Session
from throne_pnp.assistant.tablediff import restore_lines
from throne_pnp.content import Content
from throne_pnp.errors import HandConflict, ThroneError
from throne_pnp.narrator.checklist import cp_left as game_cp_left
from throne_pnp.narrator.kingsofar import table_position
from throne_pnp.narrator.lines import Command as Typed
from throne_pnp.narrator.lines import Line, Refused, texts
from throne_pnp.narrator.lines import typed as typed_parts
from throne_pnp.rules import actions as act
from throne_pnp.rules.actions import Action
from throne_pnp.rules.board import board_for
from throne_pnp.rules.position import Position, check_position, outcome_words, position_outcome

CARD_ID = Typed("card", ("ID",))
DRAWS_ID = Typed("card", (), (("draws", "ID"),))
KING_CARD_K = Typed("battle", (), (("king-card", "K"),))
act_done = Typed("done")


class NeedsConfirmation(ThroneError):
    """A legal command the player must confirm first; the message says why."""


# --------------------------------------------------------------------------- steps

def _ids(ids: Sequence[int] | None, empty: str | None = None) -> str | None:
    """Card ids as typed (`3,6,9`); None when not given, `empty` for none."""
    if ids is None:
        return None
    return ",".join(map(str, ids)) or empty


def said(word: str, argument: int | None, *options: tuple[str, object]) -> str:
    """A command as the player would type it (without `throne`), for the log."""
    parts = [word] + ([str(argument)] if argument is not None else [])
    parts += [f"{name} {value}" for name, value in options if value is not None]
    return " ".join(parts)


def require(session: Session, kinds: tuple[str, ...], verb: str) -> None:
    """Refuse a command given at the wrong step, naming what is needed instead.

    `kinds` are need kinds (`card`, `battle`, `withdraw`, `actions`) or
    `deal-PURPOSE` for chance cards the player names (`deal-phase`,
    `deal-uncertain`, `deal-battle`). `verb` completes "cannot VERB now".
    """
    need = session.game.need()
    key = f"deal-{need.purpose}" if need.kind == "deal" else need.kind
    if key in kinds:
        return
    text, command = next_need(session.game, session.physical)
    needed = typed_parts(text)
    needed = needed[0].lower() + needed[1:]
    if need.kind == "actions":
        raise Refused(f"cannot {verb} now: it is your Player Actions "
                      f"({game_cp_left(session.game)}); finish them with ", act_done)
    if need.kind == "over":
        raise Refused(f"cannot {verb}: {needed}; start a new game with ", command)
    raise Refused(f"cannot {verb} now: {needed} - ", command)


# --------------------------------------------------------------------------- new

def new_game(path: Path, content: Content, *, physical: bool = False,
             seed: int | None = None, hard: int | None = None,
             hard_cards: list[int] | None = None, position: Position | None = None,
             force: bool = False, level: str | None = None) -> tuple[Session, Command]:
    """Start and save a new game at `path`; returns the session and its setup.

    `level` names a level of the difficulty ladder (instead of `hard` or
    `hard_cards`). Refuses to replace an existing save without `force`, and a start position
    that breaks the rules or whose game is already over (see `check_start`).
    The setup `Command` holds the opening deals (virtual) and their events.
    """
    if path.exists() and not force:
        raise Refused(path, " already holds a game; add --force to replace it, or "
                      "use --game FILE for another save")
    if position is not None:
        check_start(content, position)
    session = Session.start(path, content, physical=physical, seed=seed, hard=hard,
                            hard_cards=hard_cards, position=position, level=level)
    with save_lock(path):
        if path.exists() and not force:  # another `new` got there first
            raise Refused(path, " already holds a game; add --force to replace it")
        session.write()
    return session, Command(actions=list(session.save.opening), events=session.start_events)


def check_start(content: Content, position: Position) -> None:
    """A start position must be able to stand on the table (the King's limit,
    the cubes that exist, the player's wheat limit) and leave a game to play
    (not already won or lost)."""
    board = board_for(content)
    problem = check_position(board, position)
    if problem:
        raise ThroneError(f"--at: {problem}")
    outcome = position_outcome(board, position)
    if outcome is not None:
        raise ThroneError(f"--at: that game is already {outcome_words(board, outcome)}; "
                          "give a position where the game is still on")


# --------------------------------------------------------------------------- cards

def _apply_card(session: Session, action: act.Action) -> None:
    """Apply a card the player names; with a known hand in a physical game, a
    refusal about the hand points to `throne fix --hand` (a mistyped `throne
    hand` is fixed there, not by undoing)."""
    try:
        session.apply(action)
    except HandConflict as exc:
        if session.physical and not session.game.hand_hidden:
            raise Refused(f"{exc}; if your hand holds other cards, set it with ",
                          Typed("fix", (), (("hand", "IDS"),))) from None
        raise


def play_card(session: Session, card_id: int | None,
              draws: Sequence[int] | None = None) -> Command:
    """The phase card (`throne card [ID] [--draws IDS]`).

    Player's card phase: `card_id` from the hand. King's card phase: virtual
    draws it itself (`card_id` must be None); physical needs the card turned
    over. Physical Uncertain Orders: `draws` are the cards dealt, in order
    (with the phase card, or alone when the game waits for them). `draws` is
    None when not given; an empty list is refused like a missing one.
    """
    require(session, ("card", "deal-phase", "deal-uncertain"), "play a phase card")
    game = session.game
    need = game.need()
    waiting = game.describe_need(need)
    draw_ids = list(draws or [])
    with session.command() as cmd:
        cmd.said = said("card", card_id, ("--draws", _ids(draws)))
        if not session.physical:
            if draws is not None:
                raise ThroneError("--draws is for physical games: in a virtual game the "
                                  "program deals Uncertain Orders itself")
            if need.kind == "deal" and need.purpose == "phase":
                if card_id is not None:
                    raise Refused("in the King's card phase the program draws the "
                                  "King's card: run ", Typed("card"), " without a number")
                session.deal_phase_card()
            elif card_id is None:
                raise Refused("give the card you play: ", CARD_ID, f" ({waiting})")
            else:
                session.apply(act.card(card_id))
        else:
            if need.kind == "deal" and need.purpose == "uncertain":
                if card_id is not None:
                    raise Refused("Uncertain Orders are waiting for the card you dealt: ",
                                  DRAWS_ID, f", not a new card {card_id}")
                if not draw_ids:
                    raise Refused("Uncertain Orders: deal the top card of the deck and "
                                  "give it with ", DRAWS_ID)
            elif card_id is None:
                raise Refused("give the card's number: ", CARD_ID, f" ({waiting})")
            else:
                _apply_card(session, act.card(card_id))
            for i, draw in enumerate(draw_ids):
                now = session.game.need()
                if now.kind != "deal" or now.purpose != "uncertain":
                    extra = ", ".join(map(str, draw_ids[i:]))
                    raise ThroneError(f"too many --draws: the King's action needed no more "
                                      f"cards after {draw_ids[i - 1] if i else card_id}; "
                                      f"leave out {extra}")
                _apply_card(session, act.deal(draw))
    return cmd


def play_battle(session: Session, card_id: int | None, king_card: int | None = None,
                withdraw_to: int | None = None) -> Command:
    """The next pending battle (`throne battle CARD [--king-card K] [--withdraw-to T]`).

    `card_id` is the player's battle card (None when it is already played and
    the game waits for the King's). Physical: `king_card` is the card turned
    over for the King; virtual draws it. `withdraw_to` is used only if the
    player loses with a choice (a note says when it was not needed).
    """
    require(session, ("battle", "deal-battle"), "fight a battle")
    need = session.game.need()
    with session.command() as cmd:
        cmd.said = said("battle", card_id, ("--king-card", king_card),
                        ("--withdraw-to", withdraw_to))
        if not session.physical and king_card is not None:
            raise ThroneError("--king-card is for physical games: in a virtual game the "
                              "program draws the King's battle card")
        if need.kind == "deal" and need.purpose == "battle":
            if card_id is not None:
                raise Refused(f"your card for the battle in {need.territory} is already "
                              "played; give the King's card: ", KING_CARD_K)
            if king_card is None:
                raise Refused(f"battle in {need.territory}: turn over the top card of the "
                              "deck for the King and give it: ", KING_CARD_K)
        elif card_id is None:
            raise Refused("give your battle card: ", Typed("battle", ("CARD",)),
                          f" ({session.game.describe_need(need)})")
        else:
            _apply_card(session, act.battle(card_id))
        if king_card is not None:
            fresh = card_id is not None and fresh_hand(session.game)
            _apply_card(session, act.deal(king_card))
            if fresh and session.game.outcome is None:   # (no advice once the game is over)
                cmd.notes.append(f"{card_id} was your last card: draw your new hand first, "
                                 f"then the King's card {king_card} (the deck order counts)")
        if withdraw_to is not None:
            after = session.game.need()
            if after.kind == "withdraw":
                session.apply(act.withdraw(withdraw_to))
            elif after.kind == "deal":
                cmd.notes.append(f"--withdraw-to {withdraw_to} not used: the battle waits for "
                                 "the King's card")
            else:
                cmd.notes.append(f"--withdraw-to {withdraw_to} not used: you did not have "
                                 "to choose where to withdraw")
    return cmd


def withdraw(session: Session, to: int) -> Command:
    """Where the player's beaten cubes go (`throne withdraw T`)."""
    require(session, ("withdraw",), "withdraw")
    with session.command() as cmd:
        cmd.said = f"withdraw {to}"
        session.apply(act.withdraw(to))
    return cmd


# --------------------------------------------------------------------------- actions

def home_warning(session: Session) -> str:
    """Why emptying the home castle needs the player's word (R12)."""
    home = session.board.home
    return (f"this move empties your home castle {home}: if it is still empty when your "
            "actions and their battles are over, you lose")


def move(session: Session, count: int, src: int, dst: int, confirmed: bool = False) -> Command:
    """A Player Actions move (`throne move COUNT FROM TO`, 1 command point).

    A legal move that leaves the home castle empty raises `NeedsConfirmation`
    unless `confirmed` (the player said yes, or gave `--yes`).
    """
    require(session, ("actions",), "move")
    if not confirmed and session.empties_home(count, src, dst):
        raise NeedsConfirmation(home_warning(session))
    with session.command() as cmd:
        cmd.said = f"move {count} {src} {dst}"
        session.apply(act.move(count, src, dst))
    return cmd


def rally(session: Session, at: int) -> Command:
    """A Player Actions rally at castle `at` (`throne rally T`, 2 command points)."""
    require(session, ("actions",), "rally")
    with session.command() as cmd:
        cmd.said = f"rally {at}"
        session.apply(act.rally(at))
    return cmd


def done(session: Session) -> Command:
    """End Player Actions (`throne done`); the battles the player started follow."""
    require(session, ("actions",), "finish Player Actions")
    with session.command() as cmd:
        cmd.said = "done"
        session.apply(act.DONE)
    return cmd


# --------------------------------------------------------------------------- one entry

def perform(session: Session, actions: Sequence[act.Action], *,
            confirmed: bool = False) -> Command:
    """Play what the player says at once, given as `Action` values (built by
    `Action.parse` or its typed constructors), through the command above that
    checks the step and words the refusals.

    The first action is the command (`card`, `battle`, `withdraw`, `move`,
    `rally`, `done`, `hand`, `fix`, `fixcards`, or `deal`: the card the game
    waits for, told); the cards told with it follow: `deal`s after `card`
    (Uncertain Orders) or after `battle` (the King's card), then a
    `withdraw` after `battle`. The CLI, the table page and `throne play`
    all come here, so the same words give the same actions and refusals.
    """
    if not actions:
        raise ThroneError("nothing to play: say a command, e.g. `card 12` or `move 2 7 5`")
    first, rest = actions[0], list(actions[1:])
    deals = [a.args[0] for a in rest if a.kind == "deal"]
    withdraws = [a.args[0] for a in rest if a.kind == "withdraw"]
    extra = [a for a in rest if a.kind not in ("deal", "withdraw")]
    if first.kind == "deal":      # the card the game waits for, told
        require(session, ("deal-phase", "deal-uncertain", "deal-battle"), "deal a card")
        need = session.game.need()
        if need.purpose == "battle":
            _only(first, extra + [act.deal(d) for d in deals], withdraws[1:])
            return play_battle(session, None, first.args[0],
                               withdraws[0] if withdraws else None)
        _only(first, extra, withdraws)
        if need.purpose == "uncertain":
            return play_card(session, None, [first.args[0], *deals])
        return play_card(session, first.args[0], deals or None)   # the King's phase card
    if first.kind == "card":
        _only(first, extra, withdraws)
        return play_card(session, first.args[0], deals or None)
    if first.kind == "battle":
        _only(first, extra + [act.deal(d) for d in deals[1:]], withdraws[1:])
        return play_battle(session, first.args[0], deals[0] if deals else None,
                           withdraws[0] if withdraws else None)
    if rest:
        raise ThroneError(_told_wrong(first, actions))
    if first.kind == "withdraw":
        return withdraw(session, first.args[0])
    if first.kind == "move":
        return move(session, *first.args, confirmed=confirmed)
    if first.kind == "rally":
        return rally(session, first.args[0])
    if first.kind == "done":
        return done(session)
    if first.kind == "hand":
        return tell_hand(session, first.args)
    if first.kind == "fix":
        return fix(session, *first.args)
    return fix(session, hand=first.args[0], discard=first.args[1])   # fixcards


def _only(first: act.Action, extra: list[act.Action], withdraws: Sequence[int]) -> None:
    """Refuse the actions told with `first` that do not belong to it."""
    if extra or withdraws:
        raise ThroneError(_told_wrong(first, [first, *extra, *map(act.withdraw, withdraws)]))


def _told_wrong(first: act.Action, actions: Sequence[act.Action]) -> str:
    said_words = "; ".join(a.text() for a in actions)
    return (f"`{said_words}` is not one command: after `{first.kind}` only the cards told "
            "with it may follow (`deal` after card or battle, `withdraw` after battle)")


# --------------------------------------------------------------------------- record

def tell_hand(session: Session, ids: Sequence[int]) -> Command:
    """Physical mode: the player names the cards in their hand (`throne hand IDS`).

    Optional, at any step while the hand holds cards: all of them, in any
    order. From then on a card played from elsewhere, or a King's card that
    is in the hand, is refused at once, `status` shows the hand and the
    battle odds count on it. Told again, it replaces the last telling (a
    typo fixed). The hand is unknown again after the next new hand is drawn.
    """
    if session.game.outcome is not None:
        raise ThroneError(f"the game is over: you {session.game.outcome}; nothing to tell")
    if not ids:
        raise Refused("name the cards in your hand, e.g. ", Typed("hand", ("3,6,9,12,14",)))
    with session.command() as cmd:
        cmd.said = f"hand {_ids(ids)}"
        session.apply(act.hand(ids))
    return cmd


def fix(session: Session, territory: int | None = None, king: int | None = None,
        player: int | None = None, hand: Sequence[int] | None = None,
        discard: Sequence[int] | None = None) -> Command:
    """Make the record match the table (`throne fix [T --king N --player M]
    [--hand IDS] [--discard IDS]`), as one logged command that undo takes back.

    Cubes: `territory` with `king`/`player` (None keeps that count). Cards
    (physical games): `hand` and/or `discard` set the hand and the discard
    pile to exactly these cards (an empty list: an empty pile). Refused:
    nothing to change, an unknown territory, a record the rules forbid (over
    the King's limit, more cubes than exist, the player over their wheat
    limit, a card in two places). The table is the truth here: nothing moves
    on it (the events say what the record held before).
    """
    cards = hand is not None or discard is not None
    if territory is None and (king is not None or player is not None):
        raise Refused("--king and --player need the territory: ",
                      Typed("fix", ("T",), (("king", "N"),)))
    if territory is None and not cards:
        raise Refused("say what the table shows, e.g. ",
                      Typed("fix", ("7",), (("king", "2"), ("player", "0"))), " or ",
                      Typed("fix", (), (("discard", "1,4"),)))
    with session.command() as cmd:
        cmd.said = said("fix", territory, ("--king", king), ("--player", player),
                        ("--hand", _ids(hand, empty="-")),
                        ("--discard", _ids(discard, empty="-")))
        if territory is not None:
            _fix_cubes(session, territory, king, player)
        if cards:
            session.apply(act.fix_cards(hand, discard))
    return cmd


def _fix_cubes(session: Session, territory: int, king: int | None, player: int | None) -> None:
    if king is None and player is None:
        raise ThroneError(f"say what the table shows in {territory}: --king N and/or "
                          "--player M")
    if territory not in session.board.adjacent:
        listed = ", ".join(map(str, session.board.numbers))
        raise ThroneError(f"no territory {territory} on this map; territories: {listed}")
    pos = session.game.position
    k = pos.king[territory] if king is None else king
    p = pos.player[territory] if player is None else player
    if (k, p) == (pos.king[territory], pos.player[territory]):
        raise ThroneError(f"the record already shows King {k}, you {p} in {territory}: "
                          "nothing to fix")
    board = session.board
    king_most = min(board.king_limit, board.forces - (pos.on_map("king") - pos.king[territory]))
    if k > king_most:
        raise Refused(f"--king {k}: the King can have at most {king_most} cubes in "
                      f"{territory} (limit {board.king_limit} a territory, "
                      f"{board.forces} cubes in all); e.g. ",
                      Typed("fix", (str(territory),), (("king", str(king_most)),)))
    player_most = board.forces - (pos.on_map("player") - pos.player[territory])
    if p > player_most:
        raise Refused(f"--player {p}: you can have at most {player_most} cubes in "
                      f"{territory} ({board.forces} cubes in all, "
                      f"{board.forces - player_most} on the map elsewhere); e.g. ",
                      Typed("fix", (str(territory),), (("player", str(player_most)),)))
    session.apply(act.fix(territory, k, p))


def undo(session: Session, count: int = 1) -> tuple[list[str], list[str]]:
    """`undo_lines` with the checklist as the CLI prints it."""
    words, restore = undo_lines(session, count)
    return words, texts(restore)


def undo_lines(session: Session, count: int = 1) -> tuple[list[str], list[Line]]:
    """Take back the last `count` commands (`throne undo [N]`) and save.

    Returns the commands taken back, newest first (the order they are taken
    back in), each in the player's words (e.g.
    `["battle 5", "move 2 1 5"]`: what was typed, never the engine's action
    texts, so no card the program dealt and the player has not seen is
    named) and the checklist that puts the table
    back: each cube to move back, each King cube to return or take away,
    each card to take back (physical games).
    """
    before = session.game
    words = taken_back_words(session, count)[::-1]
    gone = session.undo(count)
    from_hand, drawn = undone_cards(session, gone)
    restore = restore_lines(session.board, table_position(before),
                            table_position(session.game),
                            cards=(before, session.game) if session.physical else None,
                            from_hand=from_hand, drawn_order=drawn)
    return words, restore


def taken_back_words(session: Session, count: int) -> list[str]:
    """The player's words for the last `count` commands (see `assistant.said`)."""
    save = session.save
    first = max(len(save.commands) - count, 0)
    if all(save.said_for(i) for i in range(first, len(save.commands))):
        return [save.said_for(i) for i in range(first, len(save.commands))]
    game = session.replay(first)
    words = []
    for i in range(first, len(save.commands)):
        rebuilt, _ = replay_command(game, save.commands[i])
        words.append(typed(save.said_for(i), rebuilt))
    return words


def undone_cards(session: Session, gone: list[list[str]]
                 ) -> tuple[frozenset[int], list[int | None]]:
    """What the commands `gone` (given after the saved ones) did with the cards:
    the cards they played from the hand, and the cards they took off the deck
    in order (None where a new hand was drawn unseen)."""
    game = session.replay()
    from_hand: set[int] = set()
    drawn: list[int | None] = []
    for command in gone:
        for text in command:
            action = Action.parse(text)
            need = game.need()
            if action.kind in ("card", "battle") and need.kind in ("card", "battle"):
                from_hand.add(action.args[0])
            elif action.kind in ("card", "deal") and need.kind == "deal":
                drawn.append(action.args[0])
            for event in game.apply(action):
                if event.kind == "hand" and event.cards is None:  # type: ignore[union-attr]
                    drawn.append(None)
    return frozenset(from_hand), drawn
