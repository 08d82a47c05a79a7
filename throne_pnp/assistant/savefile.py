"""The tracked game's save file: setup plus the commands, written atomically.

A save holds no game state, only what rebuilds it exactly: content fingerprint, mode, seed,
cards, start, the `opening` chance cards and the accepted commands (each the action texts it
caused, with what was `said`), so `undo N` drops entries and the state is the replay of the rest.
Writes go through `throne_pnp.writing` (temp file `.NAME.write-PID-XXXXXXXX.tmp`, fsync, rename);
reads through `userfile`; a foreign or damaged file raises `SaveError` and is never overwritten.
"""

from __future__ import annotations

import json
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from throne_pnp.content import Content
from throne_pnp.content.fingerprint import changes, game_fingerprint, game_parts
from throne_pnp.errors import ThroneError
from throne_pnp.numbers import bounded, number_words
from throne_pnp.userfile import SAVE_LIMIT, FileRefused, read_limited
from throne_pnp.writing import STALE_AFTER as STALE_AFTER  # re-exported (tests)
from throne_pnp.writing import real_target, remove_stale_temps, write_text
from throne_pnp.writing import temp_prefix as _temp_prefix  # noqa: F401

FORMAT = "throne-game"
VERSION = 1
MODES = ("virtual", "physical")


class SaveError(ThroneError):
    """The save file is missing, damaged, foreign or from other content."""


@dataclass(slots=True)
class SaveData:
    """Everything a save file holds."""

    mode: str
    seed: int
    cards: list[int]
    hard: list[int]
    start: dict[str, dict[str, int]]
    content_files: dict[str, str]
    opening: list[str] = field(default_factory=list)
    commands: list[list[str]] = field(default_factory=list)
    content_dir: str = ""        # where the content was when the game began (a hint)
    said: list[str] = field(default_factory=list)  # what was typed, per command
    game: str = ""       # the game fingerprint ("" in saves from before it existed)
    game_parts: dict[str, str] = field(default_factory=dict)  # what it was made of
    level: str = ""      # the ladder level it was started at ("" when none was named)
    colours: dict[str, str] = field(default_factory=dict)  # cube colours kept from a photo

    def stamp(self, content: Content) -> None:
        """Record `content` as the edition this game is played with."""
        self.content_files = dict(content.fingerprints)
        self.game_parts = game_parts(content)
        self.game = game_fingerprint(self.game_parts)

    def said_for(self, index: int) -> str:
        """What the player typed for command `index` (0-based), "" if unknown."""
        return self.said[index] if index < len(self.said) else ""

    def add(self, actions: list[str], said: str) -> None:
        """Append an accepted command (and what was typed for it)."""
        self.said = [self.said_for(i) for i in range(len(self.commands))] + [said]
        self.commands.append(actions)

    def truncate(self, count: int) -> None:
        """Keep only the first `count` commands."""
        self.commands = self.commands[:count]
        self.said = self.said[:count]

    @property
    def physical(self) -> bool:
        return self.mode == "physical"

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "content": {"directory": self.content_dir,
                        "files": dict(sorted(self.content_files.items())),
                        "game": self.game, "parts": dict(self.game_parts)},
            "mode": self.mode,
            "seed": self.seed,
            "cards": sorted(self.cards),
            "hard": sorted(self.hard),
            **({"level": self.level} if self.level else {}),
            **({"colours": dict(sorted(self.colours.items()))} if self.colours else {}),
            "start": self.start,
            "opening": list(self.opening),
            "said": [self.said_for(i) for i in range(len(self.commands))],
            "commands": [list(c) for c in self.commands],
        }

    def dumps(self) -> str:
        """The file's text: stable, one command per line for easy reading."""
        data = self.to_json()
        commands = data.pop("commands")
        head = json.dumps(data, indent=1)[:-2]  # drop the closing "\n}"
        lines = [json.dumps(c) for c in commands]
        body = ",\n  ".join(lines)
        tail = f',\n "commands": [\n  {body}\n ]\n}}\n' if lines else ',\n "commands": []\n}\n'
        return head + tail


def _fail(path: Path, why: str) -> SaveError:
    return SaveError(f"{path}: {why}; it is left untouched (start a new game with "
                     "`throne new --force`, or use --game for another file)")


def _int_list(value: Any) -> bool:
    """A list of card ids: whole numbers of a sane size, none twice."""
    return (isinstance(value, list) and all(bounded(v, low=1) is not None for v in value)
            and len(set(value)) == len(value))


def _bounded_int(text: str) -> int:
    """json's int parser, capped: thousands of digits are damage, never read or printed."""
    if len(text.lstrip("-")) > 20:
        raise ValueError("a number far too long")
    return int(text)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a save holds")


def _loads(text: str) -> Any:
    """JSON for a save: bounded numbers, no NaN/Infinity, nesting refused when
    deep (a RecursionError would break every command, `recover` too)."""
    try:
        return json.loads(text, parse_int=_bounded_int, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise ValueError(f"damaged JSON: {exc.msg}, line {exc.lineno}") from None
    except RecursionError:
        raise ValueError("damaged JSON: lists nested far too deeply") from None
    except ValueError as exc:
        raise ValueError(f"damaged JSON: {exc}") from None


def _str_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _str_dict(value: Any) -> bool:
    return isinstance(value, dict) and all(
        isinstance(k, str) and isinstance(v, str) for k, v in value.items())


def parse(text: str, path: Path) -> SaveData:
    """Check a save file's text and return its data; SaveError otherwise."""
    try:
        data = _loads(text)
    except ValueError as exc:
        raise _fail(path, f"not a readable save file ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _fail(path, "not a throne game save")
    version = data.get("version")
    if bounded(version, low=1) is None or version > VERSION:
        raise _fail(path, f"save format version {number_words(version)}; this throne reads "
                          f"version {VERSION} (a newer throne wrote it?)")
    content = data.get("content")
    problems = []
    if not isinstance(content, dict):
        content = {}
    game, parts = content.get("game", ""), content.get("parts", {})
    if not (_str_dict(content.get("files")) and isinstance(game, str) and _str_dict(parts)):
        problems.append("content")
    if data.get("mode") not in MODES:
        problems.append("mode")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        problems.append("seed")
    for key in ("cards", "hard"):
        if not _int_list(data.get(key)):
            problems.append(key)
    if "hard" not in problems and "cards" not in problems and not set(data["hard"]) <= set(
            data["cards"]):
        problems.append("hard (cards not in the game)")
    start = data.get("start")
    if not (isinstance(start, dict) and set(start) <= {"king", "player"} and all(
            isinstance(v, dict) for v in start.values())):
        problems.append("start")
    if not _str_list(data.get("opening")):
        problems.append("opening")
    commands = data.get("commands")
    if not (isinstance(commands, list) and all(_str_list(c) and c for c in commands)):
        problems.append("commands")
    said = data.get("said", [])
    if not (_str_list(said) and isinstance(commands, list) and len(said) <= len(commands)):
        problems.append("said")
    level = data.get("level", "")
    if not isinstance(level, str):
        problems.append("level")
    colours = data.get("colours", {})
    if not (_str_dict(colours) and set(colours) <= {"king", "player"} and all(
            re.fullmatch("#[0-9a-f]{6}", c) for c in colours.values())):
        problems.append("colours")
    if problems:
        raise _fail(path, f"damaged save file (bad {', '.join(problems)})")
    directory = content.get("directory")
    return SaveData(data["mode"], seed, data["cards"], data["hard"], start,
                    content["files"], data["opening"], data["commands"],
                    directory if isinstance(directory, str) else "", said, game, parts,
                    level, colours)


def check_path(path: Path) -> None:
    """Refuse a save path that can never hold a save: no file name (`--game ''`), a folder,
    or no regular file (`/dev/null`, a pipe: a write would replace it, a read could block)."""
    if not path.name or path.name in (".", ".."):
        raise SaveError(f"{str(path)!r} is not the name of a save file; give --game a file "
                        "name, e.g. --game my-game.json")
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return   # absent (fine) or unreadable (reported by the read or write itself)
    if stat.S_ISDIR(mode):
        raise SaveError(f"{path} is a folder, not a save file")
    if not stat.S_ISREG(mode):
        raise SaveError(f"{path} is not a regular file (a device, a pipe or a socket), so it "
                        "cannot hold a save; use --game FILE with a file of its own")


def read(path: Path) -> SaveData:
    """Read and check the save at `path`."""
    check_path(path)
    if not path.exists():
        raise SaveError(f"no tracked game in {path}: start one with `throne new` "
                        "(or point --game / THRONE_GAME at your save)")
    remove_stale_temps(path)
    try:
        raw = read_limited(path, SAVE_LIMIT)
    except FileRefused as exc:
        raise SaveError(exc.about(path)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _fail(path, "not a throne game save (not text)") from None
    return parse(text, path)


GAME_FILES = ("map.yaml", "cards.yaml", "rulings.yaml")  # rules.txt is only printed


def check_content(save: SaveData, content: Content, path: Path) -> None:
    """Refuse a save whose GAME has changed since it began; else stamp it with `content`.
    Older saves, with file hashes instead of the fingerprint, load only when the game files
    are byte-for-byte the same, and get the fingerprint on their next write."""
    now_parts = game_parts(content)
    began = f" in {save.content_dir}" if save.content_dir else ""
    advice = ("restore the original file(s) or point --content at that edition to "
              "continue, or start a new game with `throne new --force`")
    if save.game:
        if save.game == game_fingerprint(now_parts):
            save.stamp(content)
            return
        found = changes(save.game_parts, now_parts) if save.game_parts else []
        if len(found) > 4:
            found = found[:4] + [f"and {len(found) - 4} more"]
        what = f" ({'; '.join(found)})" if found else ""
        raise SaveError(f"{path}: the game in {content.directory} is not the one this game "
                        f"was started with{began}{what}; {advice}")
    now = {n: h for n, h in content.fingerprints.items() if n in GAME_FILES}
    then = {n: h for n, h in save.content_files.items() if n in GAME_FILES}
    if now == then:
        save.stamp(content)
        return
    differ = ((sorted(n for n in set(now) & set(then) if now[n] != then[n]), "changed"),
              (sorted(set(now) - set(then)), "added"), (sorted(set(then) - set(now)), "removed"))
    parts = [f"{', '.join(names)} {word}" for names, word in differ if names]
    raise SaveError(
        f"{path}: the content in {content.directory} differs from the content this game "
        f"was started with{began} ({'; '.join(parts)}; this save is from an older throne "
        f"that kept the files' bytes, not the game); {advice}")


def write(path: Path, save: SaveData) -> None:
    """Write the save whole (`writing.write_text`: temp file beside it, fsync, rename);
    a save reached through a link is written to its target, the link kept."""
    check_path(path)
    remove_stale_temps(real_target(path))
    try:
        write_text(path, save.dumps(), kind="save")
    except ThroneError as exc:
        raise SaveError(str(exc)) from None
