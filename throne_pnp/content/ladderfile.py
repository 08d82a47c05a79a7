"""`ladder.yaml` (optional), checked: the `levels` and the `measured` header; figures
measured on another game are kept but marked not current."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from throne_pnp.content.checker import Checker, describe, is_int, join
from throne_pnp.content.ladder import ladder_digest, measure_command
from throne_pnp.content.model import Card, Content, Level, Measured
from throne_pnp.yamlsrc import line_of

LEVEL_KEYS = ("name", "hard")
FIGURE_KEYS = ("win_rate", "ci95", "games", "mean_turns")
HEADER_KEYS = ("command", "seed", "budget", "game")
NAME_RE = re.compile(r"^[a-z][a-z0-9-]{0,23}$")


def parse_ladder(data: Any, chk: Checker, cards: tuple[Card, ...] | None
                 ) -> tuple[tuple[Level, ...], dict[str, tuple[str, int]]]:
    """The levels and, per measured bot, the stored game digest with its line (for
    `settle`). `cards` None: the deck is unknown, so the card ids are not checked."""
    data = None if data is None else chk.mapping(data, "", line_of(data))
    if data is None:
        return (), {}
    chk.unknown_keys(data, ("measured", "levels"), "")
    headers = _headers(data, chk)
    raw = data.get("levels")
    if not isinstance(raw, list) or not raw:
        chk.add(line_of(data, "levels") or line_of(data), "levels",
                "expected a list of levels, each with a name and its hard cards")
        return (), {}
    by_id = {c.id: c for c in cards} if cards is not None else None
    levels: list[Level] = []
    names: dict[str, int] = {}
    below: tuple[int, ...] | None = None
    for i, body in enumerate(raw):
        path = f"level {i + 1}"
        body = chk.mapping(body, path, line_of(raw, i))
        if body is None:
            below = None
            continue
        name = _name(body, path, chk, names)
        if name is not None:
            path = f"level {name}"
        for key in body:
            if key not in LEVEL_KEYS and key not in headers:
                chk.add(line_of(body, key), join(path, key), f"unknown key; a level has "
                        f"{', '.join(LEVEL_KEYS)} and one line of figures per bot named under "
                        f"`measured:` (bots there: {', '.join(headers) or 'none yet'})")
        hard = below = _hard(body, path, chk, by_id, below)
        measured = {}
        for bot, (header, _, _) in headers.items():
            if bot in body:
                fig = _figures(body, bot, join(path, bot), chk, header)
                if fig is not None:
                    measured[bot] = fig
        if name is not None and hard is not None:
            levels.append(Level(name, hard, measured))
    stored = {bot: (game, line) for bot, (_, line, game) in headers.items()}
    return tuple(levels), stored


def settle(content: Content, levels: tuple[Level, ...],
           stored: dict[str, tuple[str, int]], notes: list[str]) -> tuple[Level, ...]:
    """Mark figures measured on another game not current, with a note to re-measure."""
    digest = ladder_digest(content, levels)
    stale = [bot for bot, (game, _) in stored.items() if game != digest
             and any(bot in level.measured for level in levels)]
    for bot in stale:
        line = stored[bot][1]
        notes.append(f"ladder.yaml:{line}: measured.{bot}: these figures were measured on "
                     "other cards or other levels than the edition's now, so they are not "
                     f"printed; measure again with `{measure_command(bot)}`")
    if not stale:
        return levels
    return tuple(replace(level, measured={
        bot: replace(fig, current=bot not in stale) for bot, fig in level.measured.items()})
        for level in levels)


def _headers(data: dict, chk: Checker) -> dict[str, tuple[Measured, int, str]]:
    """The `measured` header: per bot, its provenance (a Measured), line and game digest."""
    raw = data.get("measured")
    raw = None if raw is None else chk.mapping(raw, "measured", line_of(data, "measured"))
    if raw is None:
        return {}
    out: dict[str, tuple[Measured, int, str]] = {}
    for bot, body in raw.items():
        path = join("measured", bot)
        line = line_of(raw, bot)
        if not isinstance(bot, str) or not NAME_RE.match(bot):
            chk.add(line, path, "a bot's name is a short lowercase word, e.g. greedy or search")
            continue
        if body is None or body == {}:
            out[bot] = (Measured(bot, 0.0, (0.0, 1.0), 0), line, "")   # not yet measured
            continue
        body = chk.mapping(body, path, line)
        if body is None:
            continue
        chk.unknown_keys(body, HEADER_KEYS, path)
        command = chk.text(body, "command", path, "")
        seed = chk.integer(body, "seed", path, None, 0) if "seed" in body else None
        has_budget = body.get("budget") is not None
        budget = chk.integer(body, "budget", path, None, 1) if has_budget else None
        game = body.get("game", "")
        if not isinstance(game, str):
            chk.add(line_of(body, "game"), join(path, "game"),
                    f"expected the digest written by --write-ladder, got {describe(game)}")
            game = ""
        header = Measured(bot, 0.0, (0.0, 1.0), 0, seed=seed, budget=budget, command=command)
        out[bot] = (header, line, game)
    return out


def _name(body: dict, path: str, chk: Checker, names: dict[str, int]) -> str | None:
    if "name" not in body:
        chk.add(line_of(body), join(path, "name"), "required key is missing; give the level "
                "a short name to type after `throne new --level`, e.g. squire")
        return None
    value, line = body["name"], line_of(body, "name")
    if not isinstance(value, str) or not NAME_RE.match(value):
        chk.add(line, join(path, "name"), f"{describe(value)} cannot be typed after --level; "
                "use a lowercase word of letters, digits and hyphens (at most 24), e.g. squire")
        return None
    if value in names:
        chk.add(line, join(path, "name"), f"{value!r} is already the name of the level on "
                f"line {names[value]}; level names must be unique")
        return None
    names[value] = line
    return value


def _hard(body: dict, path: str, chk: Checker, by_id: dict[int, Card] | None,
          below: tuple[int, ...] | None) -> tuple[int, ...] | None:
    """The level's hard cards in ladder order (the cards below first, as listed)."""
    where, line = join(path, "hard"), line_of(body, "hard") or line_of(body)
    value = body.get("hard")
    if not isinstance(value, list) or not all(is_int(v) for v in value):
        chk.add(line, where, f"expected a list of hard card ids, e.g. [22, 19], got "
                f"{describe(value)}")
        return None
    ok = True
    hard_ids = sorted(i for i, c in (by_id or {}).items() if c.hard)
    for card_id in value if by_id is not None else ():
        card = by_id.get(card_id)
        if card is None or not card.hard:
            what = "is not a card of cards.yaml" if card is None else "is a normal card"
            chk.add(line, where, f"card {card_id} {what}; a level lists hard cards only "
                    f"(hard cards: {', '.join(map(str, hard_ids)) or 'none'})")
            ok = False
    twice = sorted({v for v in value if value.count(v) > 1})
    if twice:
        chk.add(line, where, f"card {twice[0]} is listed twice; list each card once")
        ok = False
    if not ok:
        return None
    if below is not None:
        missing = [c for c in below if c not in value]
        if missing:
            chk.add(line, where, f"lacks card {', '.join(map(str, missing))} of the level "
                    "below; each level keeps every hard card of the one before and adds more")
            return None
        if len(value) == len(below):
            chk.add(line, where, "adds no card to the level below; each level adds at least "
                    "one hard card (or remove one of the two levels)")
            return None
        # The ladder's order: the level below's cards first, then the new ones as listed.
        return below + tuple(v for v in value if v not in below)
    return tuple(value)


def _figures(body: dict, bot: str, path: str, chk: Checker, header: Measured
             ) -> Measured | None:
    """One bot's line of figures; None when absent (`{}` or null: not yet measured)."""
    raw = body.get(bot)
    raw = None if raw in (None, {}) else chk.mapping(raw, path, line_of(body, bot))
    if raw is None:
        return None
    chk.unknown_keys(raw, FIGURE_KEYS, path)
    line = line_of(body, bot)
    rate = raw.get("win_rate")
    if _number(rate) and 0 <= rate <= 1:
        rate = float(rate)
    else:
        chk.add(line, join(path, "win_rate"), "expected a fraction from 0 to 1 (0.42 for 42%), "
                f"got {describe(rate)}")
        rate = None
    games = chk.integer(raw, "games", path, None, 1)
    ci = raw.get("ci95")
    interval = None
    if (isinstance(ci, list) and len(ci) == 2 and all(_number(v) for v in ci)
            and all(0 <= v <= 1 for v in ci)):
        interval = (float(ci[0]), float(ci[1]))
        if rate is not None and not interval[0] <= rate <= interval[1]:
            chk.add(line, join(path, "ci95"), f"[{ci[0]}, {ci[1]}] must run from a low bound "
                    f"to a high bound around win_rate {rate}")
            interval = None
    else:
        chk.add(line, join(path, "ci95"), "expected [low, high], two numbers from 0 to 1, "
                f"got {describe(ci)}")
    turns = raw.get("mean_turns")
    if "mean_turns" in raw and (not _number(turns) or turns < 0):
        chk.add(line, join(path, "mean_turns"), f"expected a number of turns, got "
                f"{describe(turns)}")
        turns = None
    if rate is None or games is None or interval is None:
        return None
    return replace(header, win_rate=rate, ci95=interval, games=games,
                   mean_turns=float(turns) if turns is not None else None)


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
