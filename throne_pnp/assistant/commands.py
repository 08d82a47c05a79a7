"""Each tracked-game command, shared by the CLI, `throne play` and the table page.

A command checks that it fits the game's step and applies as one transaction; a mistake
raises `ThroneError` and leaves the save unchanged, so CLI and page refuse alike.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from throne_pnp.assistant import history
from throne_pnp.assistant.explain import CARD_ID, fresh_hand, next_need
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

DRAWS_ID = Typed("card", (), (("draws", "ID"),))
KING_CARD_K = Typed("battle", (), (("king-card", "K"),))


class NeedsConfirmation(ThroneError):
    """A legal command the player must confirm first; the message says why."""



@contextmanager
def _command(session: Session) -> Iterator[Command]:
    """`session.command()`, and the game kept in the play history when this command ends it."""
    was_over = session.game.outcome is not None
    with session.command() as cmd:
        yield cmd
    if not was_over and session.game.outcome is not None:
        cmd.notes += history.record(session)

def _ids(ids: Sequence[int] | None, empty: str | None = None) -> str | None:
    """Card ids as typed (`3,6,9`); None when not given, `empty` for none."""
    return None if ids is None else ",".join(map(str, ids)) or empty


def said(word: str, argument: int | None, *options: tuple[str, object]) -> str:
    """A command as the player would type it (without `throne`), for the log."""
    parts = [word] + ([str(argument)] if argument is not None else [])
    parts += [f"{name} {value}" for name, value in options if value is not None]
    return " ".join(parts)


def require(session: Session, kinds: tuple[str, ...], verb: str) -> None:
    """Refuse a command given at a step not in `kinds` (need kinds, or `deal-PURPOSE`),
    naming what is needed instead; `verb` completes "cannot VERB now"."""
    need = session.game.need()
    key = f"deal-{need.purpose}" if need.kind == "deal" else need.kind
    if key in kinds:
        return
    text, command = next_need(session.game, session.physical)
    needed = typed_parts(text)
    needed = needed[0].lower() + needed[1:]
    if need.kind == "actions":
        raise Refused(f"cannot {verb} now: it is your Player Actions "
                      f"({game_cp_left(session.game)}); finish them with ", Typed("done"))
    if need.kind == "over":
        raise Refused(f"cannot {verb}: {needed}; start a new game with ", command)
    raise Refused(f"cannot {verb} now: {needed} - ", command)


def new_game(path: Path, content: Content, *, physical: bool = False,
             seed: int | None = None, hard: int | None = None,
             hard_cards: list[int] | None = None, position: Position | None = None,
             force: bool = False, level: str | None = None) -> tuple[Session, Command]:
    """Start and save a new game at `path` (`level`: a ladder level instead of `hard`);
    returns the session and its setup. Never replaces a save without `force`."""
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
    return session, Command(actions=list(session.save.opening), events=session.start_events,
                            notes=history.note_start(session))


def check_start(content: Content, position: Position) -> None:
    """Refuse a start position that cannot stand on the table or is already over."""
    board = board_for(content)
    problem = check_position(board, position)
    if problem:
        raise ThroneError(f"--at: {problem}")
    outcome = position_outcome(board, position)
    if outcome is not None:
        raise ThroneError(f"--at: that game is already {outcome_words(board, outcome)}; "
                          "give a position where the game is still on")


def _apply_card(session: Session, action: act.Action) -> None:
    """Apply a card the player names; a physical hand refusal points to `fix --hand`."""
    try:
        session.apply(action)
    except HandConflict as exc:
        if session.physical and not session.game.hand_hidden:
            raise Refused(f"{exc}; if your hand holds other cards, set it with ",
                          Typed("fix", (), (("hand", "IDS"),))) from None
        raise


def play_card(session: Session, card_id: int | None,
              draws: Sequence[int] | None = None) -> Command:
    """The phase card (`throne card [ID] [--draws IDS]`): the player's, or the King's."""
    require(session, ("card", "deal-phase", "deal-uncertain"), "play a phase card")
    game = session.game
    need = game.need()
    waiting = game.describe_need(need)
    draw_ids = list(draws or [])
    with _command(session) as cmd:
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
    """The next pending battle (`throne battle CARD [--king-card K] [--withdraw-to T]`);
    `withdraw_to` is used only if the player loses with a choice (else a note)."""
    require(session, ("battle", "deal-battle"), "fight a battle")
    need = session.game.need()
    with _command(session) as cmd:
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


def _step(session: Session, kind: str, verb: str, said_words: str,
          action: act.Action) -> Command:
    """One action at a step of `kind`, as one command the player typed as `said_words`."""
    require(session, (kind,), verb)
    with _command(session) as cmd:
        cmd.said = said_words
        session.apply(action)
    return cmd


def withdraw(session: Session, to: int) -> Command:
    """Where the player's beaten cubes go (`throne withdraw T`)."""
    return _step(session, "withdraw", "withdraw", f"withdraw {to}", act.withdraw(to))


def move(session: Session, count: int, src: int, dst: int, confirmed: bool = False) -> Command:
    """A Player Actions move (`throne move COUNT FROM TO`); emptying the home castle
    raises `NeedsConfirmation` unless `confirmed`."""
    require(session, ("actions",), "move")
    if not confirmed and session.empties_home(count, src, dst):
        raise NeedsConfirmation(f"this move empties your home castle {session.board.home}: if "
                                "it is still empty when your actions and their battles are "
                                "over, you lose")   # R12
    return _step(session, "actions", "move", f"move {count} {src} {dst}", act.move(count, src, dst))


def rally(session: Session, at: int) -> Command:
    """A Player Actions rally at castle `at` (`throne rally T`, 2 command points)."""
    return _step(session, "actions", "rally", f"rally {at}", act.rally(at))


def done(session: Session) -> Command:
    """End Player Actions (`throne done`); the battles the player started follow."""
    return _step(session, "actions", "finish Player Actions", "done", act.DONE)


def perform(session: Session, actions: Sequence[act.Action], *,
            confirmed: bool = False) -> Command:
    """Play what the player says at once (CLI, page, play): the command, then cards told."""
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
            return play_battle(session, None, first.args[0], withdraws[0] if withdraws else None)
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


def tell_hand(session: Session, ids: Sequence[int]) -> Command:
    """Physical mode: the player names every card in their hand (`throne hand IDS`); told
    again, it replaces the last telling. From then on a card from elsewhere is refused."""
    if session.game.outcome is not None:
        raise ThroneError(f"the game is over: you {session.game.outcome}; nothing to tell")
    if not ids:
        raise Refused("name the cards in your hand, e.g. ", Typed("hand", ("3,6,9,12,14",)))
    with _command(session) as cmd:
        cmd.said = f"hand {_ids(ids)}"
        session.apply(act.hand(ids))
    return cmd


def fix(session: Session, territory: int | None = None, king: int | None = None,
        player: int | None = None, hand: Sequence[int] | None = None,
        discard: Sequence[int] | None = None) -> Command:
    """Make the record match the table (`throne fix`) as one logged command; refused when
    nothing changes or the rules forbid the record. Nothing moves on the table."""
    cards = hand is not None or discard is not None
    if territory is None and (king is not None or player is not None):
        raise Refused("--king and --player need the territory: ",
                      Typed("fix", ("T",), (("king", "N"),)))
    if territory is None and not cards:
        raise Refused("say what the table shows, e.g. ",
                      Typed("fix", ("7",), (("king", "2"), ("player", "0"))), " or ",
                      Typed("fix", (), (("discard", "1,4"),)))
    with _command(session) as cmd:
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
    """Take back the last `count` commands (`throne undo [N]`) and save; returns the
    player's words for them, newest first, and the checklist for the table."""
    before = session.game
    words = taken_back_words(session, count)[::-1]
    gone = session.undo(count)
    from_hand, drawn = undone_cards(session, gone)
    return words, restore_lines(session.board, table_position(before),
                                table_position(session.game),
                                cards=(before, session.game) if session.physical else None,
                                from_hand=from_hand, drawn_order=drawn)


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
    """What the commands `gone` did with the cards: played from the hand, and drawn in order."""
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
