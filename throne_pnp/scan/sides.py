"""Each side's cube colour as a photo shows it, and what it tells (SPEC §10): the colour is
given (`--colours king=red,you=#1e55a5`, by name or hex) or learned from the cubes read on
that side's own spaces; a side's cubes far from a space's paper cannot pass for it (as a
white cube on white paper can), and a cube clearly of the other side's colour is that
side's, wherever it stands.
"""

from __future__ import annotations

from typing import Any

from throne_pnp.errors import ThroneError
from throne_pnp.scan import evidence, photo
from throne_pnp.scan.geometry import Space

CLEAR = 2.0              # times OFF_PAPER: both sides' cubes this far from a paper's colour
SHADING = (0.4, 1.8)     # how much darker (or lighter) a face shows than the colour learned
MATCH = 0.35             # BGR distance (the paper's white 1) from a cube colour: that colour
PASSES = 0.1             # a cube colour this near a paper's in some light passes for it
NAMED = {                # sRGB of the usual cube colours
    "red": "#b92328", "yellow": "#ebc828", "blue": "#1e55a5", "black": "#222426",
    "wood": "#d7af7d", "natural": "#d7af7d", "green": "#2d8c3c", "white": "#ececee",
    "orange": "#e6731e", "purple": "#6e3c8c", "grey": "#8c8c8c", "gray": "#8c8c8c",
    "pink": "#e68caa", "brown": "#784b28",
}


def parse_colours(text: str) -> dict[str, str]:
    """`king=red,you=#1e55a5` -> {"king": "#b92328", "player": "#1e55a5"}; refused when a
    side or a colour is unknown."""
    out: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        side, _, colour = part.partition("=")
        side = {"king": "king", "you": "player", "player": "player"}.get(side.strip().lower(), "")
        colour = colour.strip().lower()
        hex_colour = NAMED.get(colour, colour)
        if not side or not (len(hex_colour) == 7 and hex_colour[0] == "#" and all(
                ch in "0123456789abcdef" for ch in hex_colour[1:])):
            raise ThroneError(f"--colours takes king=COLOUR,you=COLOUR with a colour name "
                              f"({', '.join(sorted(NAMED))}) or #rrggbb; got {part[:40]!r}")
        out[side] = hex_colour
    return out


def cube_colours(np: Any, spaces: tuple[Space, ...], shown: dict[int, Any],
                 colours: dict[str, str]) -> dict[str, Any]:
    """Each side's cube colour (Lab): from `colours` (hex), else the median of the cubes read
    on that side's spaces (`shown`); a side with neither is left out."""
    models = {}
    for side in ("king", "player"):
        if side in colours:
            models[side] = photo.lab(colours[side])
        else:
            own = [shown[k] for k in shown if spaces[k].side == side]
            if own:
                models[side] = np.median(own, axis=0)
    return models


def unlike(np: Any, models: dict[str, Any], paper: Any, clear: float = CLEAR,
           sides: tuple[str, ...] = ("king", "player")) -> bool:
    """Are the cube colours of `sides` (both, unless said) known and far (`clear` times
    OFF_PAPER) from this paper's colour, so that no such cube can pass for the paper (as a
    white cube on white paper does)? A colour learned from a white cube's shaded faces is
    grey: a cube whose colour some light (within SHADING) makes the paper's can pass too."""
    return all(s in models and evidence.distance(np, models[s][None], paper)[0]
               >= clear * evidence.OFF_PAPER and not lit_to(np, models[s], paper)
               for s in sides)


def stands_out(np: Any, models: dict[str, Any], paper: Any, side: str) -> bool:
    """Is `side`'s cube colour known and far (CLEAR) from this paper and from white, so
    that no such cube passes for the paper, lit or not, nor for glare on it?"""
    return (unlike(np, models, paper, CLEAR, (side,))
            and unlike(np, models, photo.lab("#ffffff"), CLEAR, (side,)))


def lit_to(np: Any, model: Any, colour: Any) -> bool:
    """Does a cube of colour `model` (Lab) show as `colour` (Lab) in some light within
    SHADING (within PASSES: one colour against another, not a noisy pixel's MATCH)? A grey
    learned from a white cube's shaded faces, lit, is the paper's white (0.03 off it); a
    wood cube's colour stays off a yellowish tint (0.14)."""
    cv2, _ = photo.libraries()
    bgr = cv2.cvtColor(np.array([[model, colour]], np.float32), cv2.COLOR_Lab2BGR)[0]
    return bool(shaded_distance(np, bgr[1:], bgr[0])[0] < PASSES)


def sort_sides(np: Any, spaces: tuple[Space, ...], states: dict[int, str],
               shown: dict[int, Any], models: dict[str, Any]) -> None:
    """A cube on a space of one side whose colour is clearly the other side's (`models`,
    see cube_colours) is read as the other side's."""
    if len(models) < 2:
        return
    for k, colour in shown.items():
        other = "player" if spaces[k].side == "king" else "king"
        mine = float(np.linalg.norm(colour - models[spaces[k].side]))
        theirs = float(np.linalg.norm(colour - models[other]))
        if theirs * 2 < mine and mine > evidence.OFF_PAPER:
            states[k] = other


def shaded_distance(np: Any, pixels: Any, model: Any) -> Any:
    """How far each pixel (n x 3 BGR, the paper's white 1) lies from a cube colour (BGR) as
    some light would show it: a shaded face is the colour darker, a lit top lighter, so the
    colour is first scaled (within SHADING) to the pixel's light; within MATCH, that colour."""
    light = np.clip(pixels @ model / max(float(model @ model), 1e-6), *SHADING)
    return np.linalg.norm(pixels - light[:, None] * model, axis=1)
