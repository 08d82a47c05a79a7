"""The game fingerprint: what a saved game depends on in an edition, and nothing else, so a
save is refused only when its edition no longer plays the same game (names may change)."""

from __future__ import annotations

import hashlib

from throne_pnp.content.model import Content
from throne_pnp.numbers import whole

_FILES = {"map": "map.yaml", "territory": "map.yaml", "card": "cards.yaml",
          "rulings": "rulings.yaml"}


def _counts(counts: dict[int, int]) -> str:
    return ",".join(f"{t}:{n}" for t, n in sorted(counts.items())) or "-"


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def game_parts(content: Content) -> dict[str, str]:
    """The game-relevant content as `part -> "key=value ..."` (stable, sorted keys)."""
    m = content.map
    parts = {"map": (f"home={m.home} forces={m.forces} king_limit={m.king_limit} "
                     f"hand_size={m.hand_size} setup.player={_counts(m.setup_player)} "
                     f"setup.king={_counts(m.setup_king)}")}
    for number in m.numbers:
        t = m.territories[number]
        parts[f"territory {number}"] = (
            f"castle={_yes(t.castle)} wheat={t.wheat} bugles={t.bugles} "
            f"shields={t.shields} adjacent={','.join(map(str, sorted(t.adjacent)))}")
    for card in sorted(content.cards, key=lambda c: c.id):
        parts[f"card {card.id}"] = (
            f"bugles={card.bugles} swords={card.swords} shields={card.shields} "
            f"king={','.join(card.king)} flags={card.flags} priority={card.priority} "
            f"hard={_yes(card.hard)}")
    r = content.rulings
    parts["rulings"] = (f"home_lost_when={r.home_lost_when} castle_targets={r.castle_targets} "
                        f"over_limit_move={r.over_limit_move}")
    return parts


def game_fingerprint(parts: dict[str, str]) -> str:
    """One digest over the game parts (order-independent)."""
    joined = "".join(f"{k}={v};" for k, v in sorted(parts.items()))
    return hashlib.sha256(joined.encode()).hexdigest()[:16]


def _fields(text: str) -> dict[str, str]:
    return dict(item.partition("=")[::2] for item in text.split())


def _order(part: str) -> tuple[int, str, int]:
    kind, _, number = part.partition(" ")
    rank = list(_FILES).index(kind) if kind in _FILES else len(_FILES)
    return (rank, kind, whole(number) or 0)


def changes(then: dict[str, str], now: dict[str, str]) -> list[str]:
    """What differs between two `game_parts`, in words: `cards.yaml: card 12's swords`."""
    out = []
    for part in sorted(set(then) | set(now), key=_order):
        where = _FILES.get(part.partition(" ")[0], "content")
        if part not in now:
            out.append(f"{where}: {part} removed")
        elif part not in then:
            out.append(f"{where}: {part} added")
        elif then[part] != now[part]:
            old, new = _fields(then[part]), _fields(now[part])
            keys = [k for k in dict.fromkeys([*old, *new]) if old.get(k) != new.get(k)]
            if not keys:
                out.append(f"{where}: {part} changed")
            elif part == "rulings":
                out += [f"{where}: {k}" for k in keys]
            else:
                owner = "the map" if part == "map" else part
                out.append(f"{where}: {owner}'s {' and '.join(keys)}")
    return out
