"""The words of `throne scan`: what a photo of the table shows against the tracked game,
the spaces it could not read, and the commands that would explain the difference (the same
for the CLI and the page)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from throne_pnp.narrator.lines import Command
from throne_pnp.narrator.words import plural
from throne_pnp.rules.position import KING

SIDE_WORDS = {"king": "the King's row", "player": "your row"}


def _cubes(count: str, side: str, one: bool) -> str:
    noun = "King cube" if side == KING else "cube of yours"
    many = "King cubes" if side == KING else "cubes of yours"
    return f"{count} {noun if one else many}"


def count_words(low: int, high: int | None, side: str) -> str:
    """`3 King cubes`, `at least 5 cubes of yours`, `2 or 3 King cubes`."""
    if high is None:
        return _cubes(f"at least {low}", side, False)
    if high == low:
        return _cubes(str(low), side, low == 1)
    if high == low + 1:
        return _cubes(f"{low} or {high}", side, False)
    return _cubes(f"{low} to {high}", side, False)


def difference_line(names: Mapping[int, str], territory: int, side: str, low: int,
                    high: int | None, game: int) -> str:
    """"The table shows 3 King cubes in 7 Greywatch; the game has 2." """
    return (f"The table shows {count_words(low, high, side)} in {territory} "
            f"{names.get(territory, '')}".rstrip() + f"; the game has {game}.")


def unsure_line(names: Mapping[int, str], spaces: Sequence[tuple[int, str]]) -> str:
    """The spaces read as unsure, by territory and row."""
    where = sorted(set(spaces))
    parts = [f"{t} {names.get(t, '')} ({SIDE_WORDS[side]})" for t, side in where]
    return (f"Could not read {plural(len(spaces), 'space')}, so they are not counted: "
            f"{', '.join(parts)}. A photo from straighter above, in even light, reads them.")


def scan_lines(names: Mapping[int, str], differences: Sequence[tuple[int, str, int,
               int | None, int]], unsure: Sequence[tuple[int, str]],
               answers: Sequence[Sequence[Command]], recordable: bool) -> list[str]:
    """The whole answer: the differences (or that the table matches), the unsure spaces,
    and the commands that explain the difference, shortest first."""
    lines = [difference_line(names, *d) for d in differences] or [
        "The table matches the game" + (" (except the unsure spaces)." if unsure else ".")]
    if unsure:
        lines.append(unsure_line(names, unsure))
    if differences and answers:
        lines.append("This is what you did, if you made " + (
            "these commands:" if len(answers) == 1 else "one of these sets of commands:"))
        for answer in answers:
            lines.append("  " + "; ".join(c.sentence(names) for c in answer)
                         + "   (" + " && ".join(c.typed() for c in answer) + ")")
        if recordable:
            lines.append("Record it with `throne scan PHOTO --record`, or type the commands.")
    elif differences:
        lines.append("Put the table right, or record what happened with the usual commands "
                     "(`throne fix` corrects the record).")
    return lines
