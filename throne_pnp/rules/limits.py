"""The player's limit (R8) on plain data, the one place its arithmetic lives: ints and
containers indexed by territory, for the engine, the plan walk and greedy alike."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

# Per-territory counts: a dict by territory or a sequence indexed by territory number.
Counts = Mapping[int, int] | Sequence[int]


def held_wheat_places(wheat_places: Iterable[int], player: Counts, king: Counts,
                      king_holds_contested: bool) -> list[int]:
    """The territories with wheat the player holds (R7)."""
    if king_holds_contested:
        return [t for t in wheat_places if player[t] and not king[t]]
    return [t for t in wheat_places if player[t]]


def player_limit(wheat_places: Iterable[int], wheat: Counts, player: Counts, king: Counts,
                 king_holds_contested: bool) -> int:
    """The player's per-territory limit: the wheat in the territories they hold (R8)."""
    return sum(map(wheat.__getitem__,
                   held_wheat_places(wheat_places, player, king, king_holds_contested)))


def limit_ceiling(wheat_places: Iterable[int], wheat: Counts, king: Counts) -> int:
    """The limit's ceiling while the King's cubes stay put (R13): wheat where he has none (R7)."""
    return sum([wheat[t] for t in wheat_places if not king[t]])


def wheat_if_held(wheat: int, king_cubes: int, king_holds_contested: bool) -> int:
    """What a territory adds to the limit while the player has cubes there (R7)."""
    return 0 if king_cubes and king_holds_contested else wheat


def move_room(limit: int, src_wheat: int, dst_wheat: int, have: int, dst_cubes: int,
              counts: Counts) -> tuple[int, int, int | None]:
    """Which moves of `have` cubes out of a territory giving `src_wheat` to the limit, into
    one with `dst_cubes` giving `dst_wheat`, stay within the limit (R8, R13).
    Returns `(most, kept_limit, whole_limit)`: every count up to `most` that leaves cubes in
    src is legal, the limit then `kept_limit`; `whole_limit` is the limit after the whole
    stack moves, None when that would put a stack over it (dst's, or, dst's fitting and
    src's smaller, one elsewhere: the largest of `counts`)."""
    kept = limit if dst_cubes else limit + dst_wheat
    most = kept - dst_cubes
    if most >= have:
        most = have - 1
    emptied = kept - src_wheat
    if have + dst_cubes > emptied or emptied < limit and max(
            counts.values() if isinstance(counts, dict) else counts) > emptied:
        return most, kept, None
    return most, kept, emptied


def rally_fits(limit: int, cubes_there: int) -> bool:
    """Whether one more cube fits where the player rallies (R8)."""
    return cubes_there + 1 <= limit


def excess(cubes: int, limit: int) -> int:
    """The cubes over the limit in one territory, removed at once (R8, R14)."""
    return cubes - limit if cubes > limit else 0
