"""The player's limit (R8) on plain data: the one place its arithmetic lives.

R8: the player's per-territory limit is the wheat in the territories the
player holds; R7 says who holds a contested territory (the King during Player
Actions and their battles, the player during the King's action and its
battles). A move or rally that would put a stack over the limit is refused
(ruling `over_limit_move`: `refuse`); when the limit drops (a battle, a costly
withdrawal, R14, or a move under the `trim` ruling) the excess is removed.

Everything here takes plain ints and containers indexed by territory number
(a `Position`'s dicts or the search's tuples alike), so the engine's legality
checks (`rules.player_actions`, `rules.position.enforce_limits`), the plan
walk (`search.plans`) and greedy's planner (`players.incremental`) all ask the
same functions. `move_room` answers for all the counts of one move at once,
the question the hot loops ask, so they call it once per pair of
territories. The position it is asked about is within its limit (as the
table always is: R8 removes any excess at once).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

# Per-territory counts: a dict by territory or a sequence indexed by territory number.
Counts = Mapping[int, int] | Sequence[int]


def held_wheat_places(wheat_places: Iterable[int], player: Counts, king: Counts,
                      king_holds_contested: bool) -> list[int]:
    """The territories with wheat the player holds (R7): their cubes are there
    and, when contested territories are the King's, no King cubes are."""
    if king_holds_contested:
        return [t for t in wheat_places if player[t] and not king[t]]
    return [t for t in wheat_places if player[t]]


def player_limit(wheat_places: Iterable[int], wheat: Counts, player: Counts, king: Counts,
                 king_holds_contested: bool) -> int:
    """The player's per-territory limit: the wheat in the territories they hold (R8)."""
    return sum([wheat[t] for t in held_wheat_places(wheat_places, player, king,
                                                     king_holds_contested)])


def limit_ceiling(wheat_places: Iterable[int], wheat: Counts, king: Counts) -> int:
    """The most the limit can reach while the King's cubes stay where they are
    (Player Actions, R13): the wheat of every territory without King cubes
    (R7: contested territories are the King's then)."""
    return sum([wheat[t] for t in wheat_places if not king[t]])


def wheat_if_held(wheat: int, king_cubes: int, king_holds_contested: bool) -> int:
    """What a territory adds to the limit while the player has cubes there (R7)."""
    return 0 if king_cubes and king_holds_contested else wheat


def largest_elsewhere(counts: Counts, src: int, dst: int) -> int:
    """The most cubes in one territory other than src and dst: the three
    largest stacks less those of src and dst (as values: equal stacks are
    interchangeable)."""
    top = sorted(counts.values() if isinstance(counts, dict) else counts, reverse=True)[:3]
    for n in (counts[src], counts[dst]):
        if n in top:
            top.remove(n)
    return top[0] if top else 0


def move_room(limit: int, src_wheat: int, dst_wheat: int, have: int, dst_cubes: int,
              counts: Counts, src: int, dst: int) -> tuple[int, int, int | None]:
    """Which moves of cubes from src into dst stay within the limit (R8, R13).

    `limit`: the limit now; `src_wheat`, `dst_wheat`: what each territory adds
    to it while held (`wheat_if_held`); `have`: the cubes in src;
    `dst_cubes`: those in dst; `counts`: the player's cubes by territory now
    (read only when the move lowers the limit: do the other stacks fit?).
    Returns `(most, kept_limit, whole_limit)`: a move that leaves cubes in src
    is legal for every count up to `most` (0: none) and the limit is then
    `kept_limit`; `whole_limit` is the limit after the whole stack moves, or
    None when that move would put a stack over it.
    """
    kept = limit if dst_cubes else limit + dst_wheat
    most = kept - dst_cubes
    if most >= have:
        most = have - 1
    emptied = kept - src_wheat
    if have + dst_cubes > emptied:
        return most, kept, None
    if emptied < limit and max(counts.values() if isinstance(counts, dict) else counts) > emptied \
            and largest_elsewhere(counts, src, dst) > emptied:
        return most, kept, None
    return most, kept, emptied


def move_fits(limit: int, src_wheat: int, dst_wheat: int, have: int, dst_cubes: int,
              counts: Counts, src: int, dst: int, count: int) -> bool:
    """Whether moving `count` of src's `have` cubes into dst stays within the
    limit (`move_room` for one count)."""
    most, _kept, whole = move_room(limit, src_wheat, dst_wheat, have, dst_cubes, counts, src,
                                   dst)
    return count <= most if count < have else whole is not None


def rally_fits(limit: int, cubes_there: int) -> bool:
    """Whether one more cube fits where the player rallies (a held castle: the
    limit does not change)."""
    return cubes_there + 1 <= limit


def excess(cubes: int, limit: int) -> int:
    """The cubes over the limit in one territory, removed at once (R8, R14)."""
    return cubes - limit if cubes > limit else 0
