"""The cubes' colours kept from one photo for the later ones (SPEC §10: learned from the
setup photo, from the spaces known to hold each side's cubes).

A photo teaches a side's colour where the table and the tracked game agree: in every
territory whose count of that side's cubes on the table is the game's, exactly, the cubes
read on that side's own spaces show it. The colour kept is their median (the light evened
out, as the reader sees a cube), so a later photo in which that side has no cube on its
spaces still tells its cubes off the spaces, and a cube on the other side's space, by colour.
A later photo whose cubes look unlike the kept colours (other cubes, or other light) is read
with its own instead, and the answer says so.
"""

from __future__ import annotations

from typing import Any

from throne_pnp.errors import ThroneError
from throne_pnp.rules.game import Game
from throne_pnp.rules.position import KING, PLAYER
from throne_pnp.scan import photo
from throne_pnp.scan.compare import table_counts
from throne_pnp.scan.reader import Reading
from throne_pnp.scan.sides import NAMED

# Lab units between a kept colour and the same cubes in a later photo, at most (light and
# print shift a colour by up to about 10, `reader.PRINT_SHIFT`; two of the usual cube
# colours lie 30 or more apart).
STILL_THE_SAME = 20.0


def learned(reading: Reading, game: Game) -> dict[str, str]:
    """Each side's cube colour ("#rrggbb") from the cubes this photo shows where the table
    agrees with `game`; ThroneError naming the side when no such cube shows."""
    counts = table_counts(reading, game.board.king_limit)
    out: dict[str, str] = {}
    for side in (KING, PLAYER):
        agreed = {t for (t, s), c in counts.items()
                  if s == side and c.low == c.high == game.position.side(side).get(t, 0)}
        seen = [read.colour for read in reading.spaces if read.colour and read.state == side
                and read.space.side == side and read.space.territory in agreed]
        if not seen:
            whose = "King cube" if side == KING else "cube of yours"
            raise ThroneError(f"no {whose} showed on its space where the table agrees with "
                              "the game, so its colour cannot be learned from this photo; take "
                              "one with both sides' cubes on their spaces (the setup is best)")
        out[side] = photo.hex_of(_median(seen))
    return out


def unlike(kept: dict[str, str], reading: Reading) -> list[str]:
    """The sides whose cubes on their own spaces in this photo look unlike the colour kept
    (their median more than `STILL_THE_SAME` away); [] when they match or do not show."""
    out = []
    for side, colour in kept.items():
        seen = [r.colour for r in reading.spaces
                if r.colour and r.state == side and r.space.side == side]
        if seen and _distance(_median(seen), photo.lab(colour)) > STILL_THE_SAME:
            out.append(side)
    return out


def named(colours: dict[str, str]) -> dict[str, tuple[str, str]]:
    """Each side's colour with the name of the usual cube colour nearest it, for words:
    {"king": ("red", "#b52a2c")}."""
    return {side: (name_of(c), c) for side, c in colours.items()}


def name_of(colour: str) -> str:
    """The usual cube colour nearest to `colour` ("red", "natural wood"…)."""
    names = {n: c for n, c in NAMED.items() if n not in ("natural", "gray")}
    nearest = min(names, key=lambda n: _distance(photo.lab(names[n]), photo.lab(colour)))
    return "natural wood" if nearest == "wood" else nearest


def _median(colours: list[str]) -> Any:
    """The median, channel by channel, of colours in Lab."""
    _, np = photo.libraries()
    return np.median([photo.lab(c) for c in colours], axis=0)


def _distance(a: Any, b: Any) -> float:
    """The readers' colour distance (`photo.colour_distance`), light and hue at full weight."""
    _, np = photo.libraries()
    return float(photo.colour_distance(np, np.asarray(a)[None], b, darker=1.0, chroma=1.0)[0])
