"""The play history: every finished game, kept in the user's data folder (SPEC §11).

`note_start` remembers when a game began; `record(session)` adds its entry
when a command ends it (a game finished again after an undo replaces its
entry), or when a review of it was run, with the review's summary. The file,
`history.json` in `userdirs.data_dir()`, is read and written whole (`writing`)
under its own lock (`.history.json.lock`, `lock.file_lock`), so games ending
at once never lose an entry. A file that is no readable history is never
written over: it is renamed aside with a note and a new one started.
`summary` gives the win rate per level (Wilson interval) and the current
streak, `chart_svg` the results over time.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from throne_pnp.assistant.lock import file_lock
from throne_pnp.assistant.savefile import SaveError
from throne_pnp.errors import ThroneError
from throne_pnp.stats import wilson
from throne_pnp.userdirs import data_dir
from throne_pnp.userfile import FileRefused, read_limited
from throne_pnp.writing import real_target, remove_stale_temps, write_text

if TYPE_CHECKING:
    from throne_pnp.assistant.session import Session

FORMAT = "throne-history"
FILE_NAME = "history.json"
LIMIT = 16 * 1024 * 1024          # bytes: years of games
LOCK_TIMEOUT = 10.0
OPEN_KEPT = 50                    # games in play whose start is remembered
FIELDS = {"id": str, "date": str, "level": str, "result": str, "turns": int, "seed": int,
          "edition": str, "mode": str}


class HistoryError(ThroneError):
    """The history file cannot be read or written; the message says which and why."""


def history_path() -> Path | None:
    """Where the history lives (None when the user has no home folder)."""
    folder = data_dir()
    return folder / FILE_NAME if folder else None


def now() -> datetime:
    """The clock, to the second (UTC)."""
    return datetime.now(UTC).replace(microsecond=0)


def level_label(level: str, hard: list[int]) -> str:
    """The level a game is counted under: its ladder level, else its hard card count."""
    return level or f"{len(hard)} hard card{'' if len(hard) == 1 else 's'}"


def _key(session: Session) -> str:
    return f"{real_target(session.path)}|{session.save.seed}"


def entry(session: Session, started: str | None, when: datetime) -> dict[str, Any]:
    """The history entry of the session's finished game, begun at `started` (ISO)."""
    save, game = session.save, session.game
    duration = None
    if started:
        duration = max(0, int((when - datetime.fromisoformat(started)).total_seconds()))
    return {"id": hashlib.sha1(f"{_key(session)}|{started}".encode()).hexdigest()[:12],
            "date": when.isoformat(), "level": level_label(save.level, save.hard),
            "hard": sorted(save.hard), "result": game.outcome, "turns": game.turn,
            "duration_s": duration, "seed": save.seed, "edition": session.content.map.name,
            "game": save.game, "mode": save.mode, "review": None}


def _valid(game: Any) -> bool:
    return (isinstance(game, dict) and all(isinstance(game.get(k), t) and not isinstance(
        game.get(k), bool) for k, t in FIELDS.items()) and game["result"] in ("won", "lost"))


def parse(raw: bytes) -> dict[str, Any]:
    """A history file's data ({"games": [...], "open": {game: start}}); ValueError
    saying what is wrong."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise ValueError(f"not JSON: {str(exc)[:80]}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not a throne play history")
    games, started = data.get("games"), data.get("open", {})
    if not isinstance(games, list) or not all(_valid(g) for g in games):
        raise ValueError("a game entry is damaged")
    if not isinstance(started, dict) or not all(isinstance(v, str) for v in started.values()):
        raise ValueError("the games in play are damaged")
    return {"games": games, "open": started}


def dumps(data: dict[str, Any]) -> str:
    """The file's text: one game a line, for easy reading."""
    head = json.dumps({"format": FORMAT, "version": 1, "open": data["open"]})[:-1]
    body = ",\n  ".join(json.dumps(g, ensure_ascii=False) for g in data["games"])
    return f'{head}, "games": [\n  {body}\n]}}\n' if body else f'{head}, "games": []}}\n'


def read(path: Path | None = None) -> dict[str, Any]:
    """The history's data (empty when there is none yet); HistoryError when the file is
    damaged (it is left as it is)."""
    path = path or history_path()
    if path is None or not path.exists():
        return {"games": [], "open": {}}
    try:
        return parse(read_limited(path, LIMIT))
    except (ValueError, FileRefused) as exc:
        why = exc.about(path) if isinstance(exc, FileRefused) else f"{path}: {exc}"
        raise HistoryError(f"{why}; the history is left as it is (the next finished game "
                           "sets it aside and starts a new one)") from None


def update(change: Callable[[dict[str, Any]], None], path: Path | None = None) -> list[str]:
    """Apply `change` to the history's data and write it whole, under its lock; returns
    notes (a damaged file set aside). HistoryError when it cannot be done."""
    path = path or history_path()
    if path is None:
        raise HistoryError("no home folder: the play history cannot be kept")
    notes: list[str] = []
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        busy = SaveError(f"another throne command is writing {path} (waited "
                         f"{LOCK_TIMEOUT:g} s)")
        with file_lock(path.with_name(f".{path.name}.lock"), LOCK_TIMEOUT, busy, path):
            remove_stale_temps(path)
            try:
                data = read(path)
            except HistoryError as exc:
                aside = path.with_name(f"{path.name}.damaged-{now():%Y%m%dT%H%M%S}")
                os.replace(path, aside)
                notes.append(f"{str(exc).split('; the history')[0]}; it is kept as {aside} "
                             "and a new history started")
                data = {"games": [], "open": {}}
            change(data)
            write_text(path, dumps(data))
    except (OSError, SaveError) as exc:
        raise HistoryError(f"the play history was not updated: {exc}") from None
    return notes


def note_start(session: Session) -> list[str]:
    """Remember when the session's game began (for its duration); notes for the player
    (a damaged history set aside). Best effort: the game's end tells what went wrong."""
    def change(data: dict[str, Any]) -> None:
        begun = data["open"]
        begun[_key(session)] = now().isoformat()
        for old in sorted(begun, key=begun.__getitem__)[:-OPEN_KEPT]:
            del begun[old]
    try:
        return update(change)
    except HistoryError:
        return []


def record(session: Session, review: dict[str, Any] | None = None) -> list[str]:
    """Add the session's finished game, or with `review` (a review's report) put its
    summary on the game's entry; notes for the player. It never raises: a command is
    never refused for its history."""
    def change(data: dict[str, Any]) -> None:
        game = entry(session, data["open"].get(_key(session)), now())
        old = next((g for g in data["games"] if g["id"] == game["id"]), None)
        if old is not None and review is not None:
            old["review"] = review_summary(review)
            return
        if old is not None:      # finished again after an undo: the new end counts
            game["review"] = old["review"]
            data["games"].remove(old)
        if review is not None:
            game["review"] = review_summary(review)
        data["games"].append(game)
    try:
        return update(change)
    except HistoryError as exc:
        return [str(exc)]


def entry_of(session: Session) -> dict[str, Any]:
    """The finished game's entry as kept (or as it would be, if the history cannot be read)."""
    try:
        data = read()
    except HistoryError:
        data = {"games": [], "open": {}}
    game = entry(session, data["open"].get(_key(session)), now())
    return next((g for g in data["games"] if g["id"] == game["id"]), game)


def keep_review(session: Session, report: dict[str, Any]) -> list[str]:
    """`record` with a review, unless the game's entry has its counts already."""
    if entry_of(session)["review"] == review_summary(report):
        return []
    return record(session, report)


def review_summary(report: dict[str, Any]) -> dict[str, int]:
    """How many decisions a review ranked, and its blunders, mistakes and inaccuracies."""
    rows = report.get("decisions", [])
    counts = {"decisions": len(rows)}
    for label, plural in (("blunder", "blunders"), ("mistake", "mistakes"),
                          ("inaccuracy", "inaccuracies")):
        counts[plural] = sum(1 for r in rows if r["label"] == label)
    return counts


def summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Totals, the win rate per level with its 95 % Wilson interval, the current streak."""
    by_level: dict[str, list[bool]] = {}
    for game in games:
        by_level.setdefault(game["level"], []).append(game["result"] == "won")
    levels = [{"level": name, "games": len(won), "wins": sum(won),
               "win_rate": round(sum(won) / len(won), 4),
               "ci95": [round(v, 4) for v in wilson(sum(won), len(won))]}
              for name, won in sorted(by_level.items())]
    streak = {"result": None, "games": 0}
    for game in reversed(games):
        if streak["result"] not in (None, game["result"]):
            break
        streak = {"result": game["result"], "games": streak["games"] + 1}
    wins = sum(1 for g in games if g["result"] == "won")
    return {"count": len(games), "wins": wins, "levels": levels, "streak": streak}


def chart_svg(games: list[dict[str, Any]], width: int = 480, height: int = 160) -> str:
    """Results over time: a mark per game (won up, lost down) and the running win rate."""
    import svgwrite

    pad = 20
    drawing = svgwrite.Drawing(size=(f"{width}px", f"{height}px"), profile="tiny",
                               viewBox=f"0 0 {width} {height}")
    drawing.add(drawing.rect((0, 0), (width, height), fill="#ffffff", id="chart-back"))
    drawing.add(drawing.text("Results over time (running win rate)", insert=(pad, 14),
                             font_size=11, font_family="sans-serif", id="chart-title"))
    span = max(1, len(games) - 1)
    top, bottom = pad + 10, height - pad

    def x(i: int) -> float:
        return round(pad + (width - 2 * pad) * i / span, 2)

    drawing.add(drawing.line((pad, bottom), (width - pad, bottom), stroke="#999999",
                             id="chart-axis"))
    points, wins = [], 0
    for i, game in enumerate(games):
        won = game["result"] == "won"
        wins += won
        points.append((x(i), round(bottom - (bottom - top) * wins / (i + 1), 2)))
        drawing.add(drawing.circle((x(i), top if won else bottom), 4,
                                   fill="#2e7d32" if won else "#b71c1c", id=f"game-{i + 1}"))
    if len(points) > 1:
        drawing.add(drawing.polyline(points, fill="none", stroke="#444444", id="win-rate"))
    return drawing.tostring()
