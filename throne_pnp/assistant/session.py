"""A tracked game in play: the save file replayed into a `Game`, and commands.

`Session.open` reads and replays a save; `Session.locked` does so under the save's lock (see
`lock`); `Session.start` sets up a new game. A command is a transaction: the save is written
only when the whole command was accepted. Virtual mode deals with `random.Random(f"{seed}:{n}")`
(n = chance cards dealt so far), so undo and redo reveal the same cards; the King's phase card
is dealt only by `throne card`.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from throne_pnp.assistant import savefile
from throne_pnp.assistant.lock import save_lock
from throne_pnp.assistant.savefile import SaveData, SaveError
from throne_pnp.content import Content
from throne_pnp.content.ladder import find_level, level_names
from throne_pnp.errors import ThroneError
from throne_pnp.rules import actions as act
from throne_pnp.rules.actions import Action
from throne_pnp.rules.board import Board, board_for
from throne_pnp.rules.game import Event, Game, replay
from throne_pnp.rules.position import Position, parse_position
from throne_pnp.writing import holds_save, real_target

AUTO_DEALS = ("hand", "uncertain", "battle")


@dataclass(slots=True)
class Command:
    """The actions and events of one user command (filled while it runs)."""

    actions: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    said: str = ""      # the command as the player would type it, for the log


class Session:
    """One tracked game: its save data, content, and the replayed `Game`."""

    def __init__(self, path: Path, content: Content, save: SaveData):
        self.path = path
        self.content = content
        self.board: Board = board_for(content)
        self.save = save
        self.start_events: list[Event] = []
        self.game = self._rebuild()
        self._current: Command | None = None

    # ------------------------------------------------------------------ setup

    @classmethod
    def open(cls, path: Path, content: Content) -> Session:
        """Load the save at `path`; SaveError if missing, damaged or foreign."""
        save = savefile.read(path)
        savefile.check_content(save, content, path)
        return cls(path, content, save)

    @classmethod
    @contextmanager
    def locked(cls, path: Path, content: Content,
               timeout: float | None = None) -> Iterator[Session]:
        """Take the save's lock, open the save and yield the session until the block ends.
        A missing save or a non-save is refused before any lock file is made; a save held by
        another command is waited for up to `timeout` seconds (None: 5 s; then `SaveError`)."""
        target = real_target(path)
        if not holds_save(target):
            savefile.read(path)  # "no tracked game" or "not a save": before any lock file
        with save_lock(target, timeout):
            yield cls.open(target, content)

    @contextmanager
    def hold(self, timeout: float | None = None) -> Iterator[Session]:
        """Re-take the lock for a session kept open (`throne play`); re-read a changed save."""
        with save_lock(self.path, timeout):
            save = savefile.read(self.path)
            savefile.check_content(save, self.content, self.path)
            if save.to_json() != self.save.to_json():
                self.save = save
                self.game = self._rebuild()
            yield self

    @classmethod
    def start(cls, path: Path, content: Content, *, physical: bool = False,
              seed: int | None = None, hard: int | None = None,
              hard_cards: list[int] | None = None, position: Position | None = None,
              level: str | None = None) -> Session:
        """Set up a new game (saved by `write`); `level` names a ladder level (its hard cards)."""
        if seed is None:
            seed = secrets.randbelow(10**6)
        hard_ids = choose_hard(content, seed, hard, hard_cards, level)
        cards = sorted(c.id for c in content.normal_cards) + hard_ids
        start = (position or Position.setup(board_for(content))).to_json()
        save = SaveData("physical" if physical else "virtual", seed, cards, hard_ids, start,
                        dict(content.fingerprints), content_dir=str(content.directory))
        if level is not None:
            save.level = level.strip().lower()
        save.stamp(content)
        session = cls(path, content, save)
        # The opening hand (virtual): dealt now and kept in the save.
        session.start_events = list(session.game.events) + session._auto_deal(save.opening)
        return session

    def start_position(self) -> Position:
        return parse_position(self.board, self.save.start, "start position")

    def _rebuild(self) -> Game:
        """Replay the save into a fresh game; a failure means a damaged save."""
        save = self.save
        try:
            game = Game(self.board, save.cards, save.physical, self.start_position())
            self.start_events = list(game.events)
            self._deals = 0
            for text in save.opening:
                self._counted(game, Action.parse(text))
            for number, command in enumerate(save.commands, 1):
                for text in command:
                    try:
                        self._counted(game, Action.parse(text))
                    except ThroneError as exc:
                        raise SaveError(f"{self.path}: damaged save: command {number} "
                                        f"({text!r}) cannot be replayed: {exc}; `throne "
                                        "recover` keeps the commands before it") from None
        except SaveError:
            raise
        except ThroneError as exc:
            raise SaveError(f"{self.path}: damaged save: {exc}") from None
        return game

    def replay(self, commands: int | None = None) -> Game:
        """A fresh game replayed from the save (the session's own is untouched):
        the setup and the first `commands` commands (None: all of them)."""
        texts = self.save.opening + [t for c in self.save.commands[:commands] for t in c]
        return replay(self.board, self.save.cards, map(Action.parse, texts),
                      self.save.physical, self.start_position())

    def _counted(self, game: Game, action: Action) -> list[Event]:
        """`game.apply(action)`, counting the chance cards dealt (the seed's `n`)."""
        events = game.apply(action)
        if action.kind == "deal":
            self._deals += 1
        return events

    def write(self) -> None:
        savefile.write(self.path, self.save)

    # ------------------------------------------------------------------ views

    @property
    def physical(self) -> bool:
        return self.save.physical

    @property
    def mode(self) -> str:
        return self.save.mode

    # ------------------------------------------------------------------ commands

    @contextmanager
    def command(self) -> Iterator[Command]:
        """Run one user command as a transaction; save only if it is accepted."""
        self._current = Command()
        try:
            yield self._current
        except BaseException:
            self._current = None
            self.game = self._rebuild()
            raise
        done = self._current
        self._current = None
        if not done.actions:
            return
        had = len(self.save.commands)
        self.save.add(done.actions, done.said)
        try:
            self.write()
        except BaseException:
            self.save.truncate(had)
            self.game = self._rebuild()
            raise

    def apply(self, action: Action) -> list[Event]:
        """Apply one action inside `command()`, then deal chance cards (virtual)."""
        cmd = self._current
        assert cmd is not None, "apply() outside command()"
        events = self._counted(self.game, action)
        cmd.actions.append(action.text())
        cmd.events += events
        cmd.events += self._auto_deal(cmd.actions)
        return events

    def deal_phase_card(self) -> list[Event]:
        """Virtual mode: turn over the King's phase card (seeded)."""
        return self.apply(act.deal(self._pick()))

    def _pick(self) -> int:
        candidates = self.game.deal_candidates()
        if not candidates:
            raise ThroneError("no card can be dealt: the deck and the discard pile are both "
                              "empty (this edition has too few cards for the game)")
        return random.Random(f"{self.save.seed}:{self._deals}").choice(candidates)

    def _auto_deal(self, record: list[str]) -> list[Event]:
        """Virtual mode: deal every chance card the game needs except the phase card."""
        events: list[Event] = []
        if self.physical:
            return events
        while True:
            need = self.game.need()
            if need.kind != "deal" or need.purpose not in AUTO_DEALS:
                return events
            action = act.deal(self._pick())
            events += self._counted(self.game, action)
            record.append(action.text())

    def planned_battle_odds(self) -> list[dict[str, Any]]:
        """The odds of each battle `done` would start now (`sim.odds.planned_battle_odds`)."""
        from throne_pnp.sim.odds import planned_battle_odds

        return planned_battle_odds(self.game)

    def empties_home(self, count: int, src: int, dst: int) -> bool:
        """Would this legal move leave the home castle empty (R12: warn first)?"""
        home = self.board.home
        return (src == home and count == self.game.position.player[home]
                and act.move(count, src, dst) in self.game.legal_moves())

    def undo(self, count: int) -> list[list[str]]:
        """Take back the last `count` commands and save; returns them."""
        have = len(self.save.commands)
        if count < 1:
            raise ThroneError("undo takes back at least 1 command")
        if count > have:
            if not have:
                raise ThroneError("nothing to undo: no command has been given since "
                                  "`throne new`")
            raise ThroneError(f"only {have} command(s) to take back; `throne undo {have}` "
                              "returns to the start")
        gone = self.save.commands[-count:]
        said = list(self.save.said)
        self.save.truncate(have - count)
        try:
            self.game = self._rebuild()
            self.write()
        except BaseException:
            self.save.commands += gone
            self.save.said = said
            self.game = self._rebuild()
            raise
        return gone


def choose_hard(content: Content, seed: int, hard: int | None,
                hard_cards: list[int] | None, level: str | None = None) -> list[int]:
    """The hard cards shuffled in: a ladder level's, named ones, or `hard` chosen by seed."""
    available = sorted(c.id for c in content.hard_cards)
    if level is not None:
        if hard is not None or hard_cards is not None:
            names = ", ".join(level_names(content)) or "none in this edition"
            raise ThroneError(f"give either --level NAME ({names}) or --hard N / "
                              "--hard-cards IDS, not both")
        return sorted(find_level(content, level).hard)
    if hard is not None and hard_cards is not None:
        raise ThroneError("give either --hard N or --hard-cards IDS, not both")
    if hard_cards is not None:
        bad = [i for i in hard_cards if i not in available]
        if bad:
            listed = ", ".join(map(str, available)) or "none"
            raise ThroneError(f"card {bad[0]} is not a hard card of this edition; "
                              f"hard cards: {listed}")
        if len(set(hard_cards)) != len(hard_cards):
            raise ThroneError("--hard-cards names a card twice")
        return sorted(hard_cards)
    if not hard:
        return []
    if hard > len(available):
        raise ThroneError(f"--hard {hard}: this edition has only {len(available)} hard cards")
    return sorted(random.Random(f"{seed}:hard").sample(available, hard))
