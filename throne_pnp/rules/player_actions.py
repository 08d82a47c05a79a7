"""Player Actions of a game (R8, R13) and the correction of the cubes (`fix`):
`PlayerActions` is the part of `Game` that moves and rallies the player's cubes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from throne_pnp.errors import IllegalAction
from throne_pnp.rules import actions as act
from throne_pnp.rules import limits
from throne_pnp.rules.actions import Action
from throne_pnp.rules.events import ActionsDone, Event, Fixed, GameOver, PlayerMoved, PlayerRallied
from throne_pnp.rules.needs import S_ACTIONS, S_KING_BATTLES, S_PLAYER_BATTLES
from throne_pnp.rules.position import (
    KING,
    PLAYER,
    Position,
    check_position,
    enforce_limits,
    limit_words,
    outcome_words,
    player_limit,
    position_outcome,
)
from throne_pnp.rules.steps import PLAYER_ORDER, Step

if TYPE_CHECKING:
    from throne_pnp.rules.battle import Battle
    from throne_pnp.rules.board import Board

RALLY_COST = 2
MOVE_COST = 1


class PlayerActions:
    """Moves, rallies, `done` and `fix` of a `Game` (a mixin)."""

    board: Board
    position: Position
    command_points: int
    stage: str
    pending_battles: list[int]
    battle: Battle | None
    battle_card: int | None
    outcome: str | None
    ended_in: str | None
    events: list[Event]
    rising: bool

    @property
    def limit_side(self) -> str:
        """Whose a contested territory is for the player's limit now (R7): the King's
        during Player Actions and their battles, else the player's."""
        return KING if self.stage in (S_ACTIONS, S_PLAYER_BATTLES) else PLAYER

    def legal_moves(self) -> list[Action]:
        """Every move the player may make now (none without a command point)."""
        out = []
        if self.command_points < MOVE_COST:
            return out
        player = self.position.player
        trim = self.board.rulings.over_limit_move == "trim"
        for src in self.board.numbers:
            have = player[src]
            for dst in self.board.adjacent[src] if have else ():
                if trim:
                    counts: list[int] = list(range(1, have + 1))
                else:
                    most, _kept, whole = self._move_room(src, dst)
                    counts = list(range(1, most + 1)) + ([have] if whole is not None else [])
                out += [act.move(count, src, dst) for count in counts]
        return out

    def legal_rallies(self) -> list[Action]:
        """Every castle the player may rally at now (R8 and the cost of 2)."""
        if self.command_points < RALLY_COST:
            return []
        return [act.rally(t) for t in sorted(self.board.castles) if self.rally_problem(t) is None]

    def _do_move(self, count: int, src: int, dst: int) -> None:
        self._expect("actions", "move")
        self._take(self.move_problem(count, src, dst), MOVE_COST,
                   Step("move", count, PLAYER, PLAYER_ORDER, src=src, dst=dst), PlayerMoved)

    def _take(self, problem: str | None, cost: int, step: Step,
              event: type[PlayerMoved | PlayerRallied]) -> None:
        """Pay for and carry out a move or rally unless `problem`; under the `trim` ruling
        the excess goes (with `refuse`, nothing over a limit was accepted)."""
        if problem:
            raise IllegalAction(problem)
        self.command_points -= cost
        step.apply(self.position)
        removed = (enforce_limits(self.board, self.position, contested_to=KING)
                   if self.board.rulings.over_limit_move == "trim" else ())
        self.events.append(event(step, tuple(removed)))

    def move_problem(self, count: int, src: int, dst: int) -> str | None:
        """Why `move count src dst` is refused now, in words; None when it is legal."""
        board, pos = self.board, self.position
        if src not in board.adjacent or dst not in board.adjacent:
            return f"no territory {src if src not in board.adjacent else dst} on this map"
        if self.command_points < MOVE_COST:
            return "no command points left for a move (it costs 1); finish with done"
        if dst not in board.adjacent[src]:
            return (f"{dst} is not next to {src}; from {src} you can move to "
                    f"{', '.join(map(str, board.adjacent[src]))}")
        if count < 1:
            return "move at least 1 cube"
        have = pos.player[src]
        if have < count:
            return f"you have {have} cube(s) in {src}, not {count}"
        if board.rulings.over_limit_move == "trim":
            return None
        most, _kept, whole = self._move_room(src, dst)
        if (count <= most) if count < have else whole is not None:
            return None
        legal = min(count - 1, most)
        hint = f"legal: move {legal} {src} {dst}" if legal > 0 else \
            f"no move from {src} to {dst} keeps you within your limit"
        trial = pos.copy()
        trial.player[src] -= count
        trial.player[dst] += count
        return f"cannot move {count} from {src} to {dst}: {self._limit_problem(trial)}; {hint}"

    def _move_room(self, src: int, dst: int) -> tuple[int, int, int | None]:
        """`limits.move_room` for src -> dst now (R8; contested territories the King's, R7)."""
        board, pos = self.board, self.position
        player, king, wheat = pos.player, pos.king, board.wheat
        return limits.move_room(
            player_limit(board, pos, contested_to=KING),
            limits.wheat_if_held(wheat[src], king[src], True),
            limits.wheat_if_held(wheat[dst], king[dst], True),
            player[src], player[dst], player)

    def _limit_problem(self, trial: Position) -> str | None:
        """The first stack over the limit in `trial`, in words (None: none)."""
        limit = player_limit(self.board, trial, contested_to=KING)
        for t in self.board.numbers:
            if limits.excess(trial.player[t], limit):
                return (f"{trial.player[t]} cubes in {t} would exceed your limit of "
                        f"{limit_words(self.board, trial, contested_to=KING)}")
        return None

    def _do_rally(self, at: int) -> None:
        self._expect("actions", "rally")
        self._take(self.rally_problem(at), RALLY_COST,
                   Step("rally", 1, PLAYER, PLAYER_ORDER, at=at), PlayerRallied)

    def rally_problem(self, at: int) -> str | None:
        """Why `rally at` is refused now, in words; None when it is legal."""
        board, pos = self.board, self.position
        if at not in board.adjacent:
            return f"no territory {at} on this map"
        if self.command_points < RALLY_COST:
            return (f"a rally costs 2 command points; you have {self.command_points}")
        if at not in board.castles:
            return f"{at} has no castle; rally at a castle you hold ({self._held_words()})"
        if not pos.player[at] or pos.king[at]:
            return f"you do not hold the castle in {at} alone; {self._held_words()}"
        if pos.on_map(PLAYER) >= board.forces:
            return f"all {board.forces} of your cubes are on the map"
        if board.rulings.over_limit_move == "trim":
            return None
        if limits.rally_fits(player_limit(board, pos, contested_to=KING), pos.player[at]):
            return None
        trial = pos.copy()
        trial.player[at] += 1
        return f"cannot rally in {at}: {self._limit_problem(trial)}"

    def _held_words(self) -> str:
        """The castles the player holds alone, in words (for refusals)."""
        board, pos = self.board, self.position
        held = [t for t in sorted(board.castles) if pos.player[t] and not pos.king[t]]
        return f"castles you hold: {', '.join(map(str, held)) or 'none'}"

    def _judge_again(self, outcome: str | None) -> str:
        """R12 again after a fix made once the game was over; returns the old outcome (a
        fix showing the game is not over re-opens it where it ended, SPEC §4)."""
        was = self.outcome
        assert was is not None
        self.outcome = outcome
        if outcome is None:
            self.stage = self.ended_in or S_PLAYER_BATTLES
            self.ended_in = None
        return was

    def _do_done(self) -> None:
        self._expect("actions", "finish Player Actions")
        self.events.append(ActionsDone(self.command_points))
        self._start_battles(S_PLAYER_BATTLES)

    def _do_fix(self, at: int, king: int, player: int) -> None:
        board = self.board
        if at not in board.adjacent:
            raise IllegalAction(f"no territory {at} on this map")
        if self.battle is not None or self.battle_card is not None:
            raise IllegalAction("finish the battle under way before fixing the record")
        if king > board.king_limit:
            raise IllegalAction(f"the King may have at most {board.king_limit} cubes in {at}")
        trial = self.position.copy()
        trial.king[at], trial.player[at] = king, player
        for side in (KING, PLAYER):
            if trial.on_map(side) > board.forces:
                raise IllegalAction(f"that would put {trial.on_map(side)} {side} cubes on the "
                                    f"map; only {board.forces} exist")
        problem = check_position(board, trial, self.limit_side)
        if problem:
            raise IllegalAction(f"that position cannot stand on the table: {problem}")
        outcome = position_outcome(board, trial)
        if outcome is not None and self.outcome is None:
            raise IllegalAction(f"that position is already {outcome_words(board, outcome)}; "
                                "fix the other territories first if the table says otherwise")
        before = (self.position.king[at], self.position.player[at])
        self.position = trial
        outcome_was = (self._judge_again(outcome)
                       if self.outcome is not None and outcome != self.outcome else None)
        if self.stage in (S_KING_BATTLES, S_PLAYER_BATTLES):
            self.pending_battles = trial.contested(board.order(self.rising))
        self.events.append(Fixed(at, before, (king, player), outcome_was))
        if self.outcome is not None and outcome_was is not None:
            self.events.append(GameOver(self.outcome))
