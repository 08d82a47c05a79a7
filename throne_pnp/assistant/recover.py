"""Recover a damaged save: keep the commands that still replay, in a new file (the
damaged file is never touched)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from throne_pnp.assistant import savefile
from throne_pnp.assistant.lock import save_lock
from throne_pnp.assistant.savefile import SaveData, SaveError
from throne_pnp.content import Content
from throne_pnp.errors import ThroneError
from throne_pnp.rules.actions import Action
from throne_pnp.rules.board import board_for
from throne_pnp.rules.game import Game
from throne_pnp.rules.position import parse_position


@dataclass
class Diagnosis:
    """How much of a save replays: `good` commands; `bad` (number, action texts, why) for
    the first that does not, or None; `content_changed`: a likely reason."""

    save: SaveData
    good: int
    bad: tuple[int, list[str], str] | None
    content_changed: str | None

    @property
    def damaged(self) -> bool:
        return self.bad is not None

    def kept(self, content: Content) -> SaveData:
        """The save with the good commands only, marked with `content`."""
        kept = replace(self.save, commands=[list(c) for c in self.save.commands[:self.good]],
                       said=list(self.save.said[:self.good]),
                       content_dir=str(content.directory))
        kept.stamp(content)
        return kept


def diagnose(path: Path, content: Content) -> Diagnosis:
    """Replay the save at `path` command by command; SaveError if it has none to keep."""
    save = savefile.read(path)
    changed = None
    try:
        savefile.check_content(save, content, path)
    except SaveError as exc:
        changed = str(exc)
    board = board_for(content)
    try:
        start = parse_position(board, save.start, "start position")
        game = Game(board, save.cards, save.physical, start)
        for text in save.opening:
            game.apply(Action.parse(text))
    except ThroneError as exc:
        raise SaveError(f"{path}: even the setup no longer replays ({exc}); nothing to "
                        "keep: start a new game") from None
    for number, command in enumerate(save.commands, 1):
        for text in command:
            try:
                game.apply(Action.parse(text))
            except ThroneError as exc:
                return Diagnosis(save, number - 1, (number, list(command), str(exc)), changed)
    return Diagnosis(save, len(save.commands), None, changed)


def recovered_name(path: Path) -> Path:
    """The default file for the good prefix: NAME-recovered.json beside the save."""
    return path.with_name(f"{path.stem}-recovered{path.suffix or '.json'}")


def keep(diagnosis: Diagnosis, content: Content, out: Path, source: Path) -> None:
    """Write the good prefix to `out`, a new file (never the damaged save itself)."""
    if out.resolve() == source.resolve():
        raise ThroneError(f"--out {out} is the damaged save itself; name a new file")
    if out.exists():
        raise ThroneError(f"{out} already exists; name a new file with --out")
    with save_lock(out):
        if out.exists():
            raise ThroneError(f"{out} already exists; name a new file with --out")
        savefile.write(out, diagnosis.kept(content))
