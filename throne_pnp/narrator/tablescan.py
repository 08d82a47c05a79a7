"""The words of `throne scan`: what a photo of the table shows against the tracked game,
the cubes standing off the spaces, what it could not read or count, and the commands that
would explain the difference (the same for the CLI and the page)."""

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


def count_words(low: int, high: int, side: str) -> str:
    """`3 King cubes`, `2 or 3 King cubes`, `2 to 5 cubes of yours`."""
    if high == low:
        return _cubes(str(low), side, low == 1)
    if high == low + 1:
        return _cubes(f"{low} or {high}", side, False)
    return _cubes(f"{low} to {high}", side, False)


def difference_line(names: Mapping[int, str], territory: int, side: str, low: int,
                    high: int, game: int) -> str:
    """"The table shows 3 King cubes in 7 Greywatch; the game has 2." """
    return (f"The table shows {count_words(low, high, side)} in {territory} "
            f"{names.get(territory, '')}".rstrip() + f"; the game has {game}.")


def unsure_line(names: Mapping[int, str], spaces: Sequence[tuple[int, str]]) -> str:
    """The spaces read as unsure, by territory and row."""
    where = sorted(set(spaces))
    parts = [f"{t} {names.get(t, '')} ({SIDE_WORDS[side]})" for t, side in where]
    return (f"Could not read {plural(len(spaces), 'space')}, so they are not counted: "
            f"{', '.join(parts)}. A photo from straighter above, in even light, reads them.")


def off_line(names: Mapping[int, str], territory: int, side: str, cubes: int) -> str:
    """"2 of your cubes stand off the spaces in 7 Greywatch (counted)." """
    many = cubes != 1
    who = (f"{cubes} King {'cubes' if many else 'cube'}" if side == KING
           else f"{cubes} of your cubes")
    return (f"{who} {'stand' if many else 'stands'} off the spaces in {territory} "
            f"{names.get(territory, '')}".rstrip() + " (counted).")


def uncounted_line(names: Mapping[int, str], territories: Sequence[int]) -> str:
    """The territories whose cubes off the spaces could not be counted for sure."""
    where = ", ".join(f"{t} {names.get(t, '')}".rstrip() for t in sorted(set(territories)))
    return (f"Could not count for sure the cubes off the spaces in {where} (touching, half "
            "hidden, on a border, or of neither colour); stand them apart, or on the spaces.")


def faint_lines(names: Mapping[int, str], faint: Sequence[tuple[int, str]]) -> list[str]:
    """Per side, the territories where that side's cubes off the spaces could not be told
    from the land (too like it in colour, or their colour not learned from the photo)."""
    lines = []
    for side in (KING, "player"):
        where = [f"{t} {names.get(t, '')}".rstrip() for t, s in sorted(faint) if s == side]
        if where:
            who = "King cubes" if side == KING else "Your cubes"
            lines.append(f"{who} could not be told from the land off the spaces in "
                         f"{', '.join(where)}, so any standing there are not counted: keep them "
                         "on the spaces, or check those by eye.")
    return lines


def _colours(colours: Mapping[str, tuple[str, str]]) -> str:
    """`the King's cubes red (#b92328), yours yellow (#ebc828)`: (name, hex) by side."""
    return ", ".join(f"{'the King' + chr(39) + 's cubes' if side == KING else 'yours'} "
                     f"{name} ({code})" for side in (KING, "player") if side in colours
                     for name, code in [colours[side]])


def colours_kept_line(colours: Mapping[str, tuple[str, str]]) -> str:
    """What `--keep-colours` kept: "Cube colours kept for later photos: …"."""
    return (f"Cube colours kept for later photos: {_colours(colours)}. Photos read them by "
            "these colours until you keep others.")


def colours_unlike_line(colours: Mapping[str, tuple[str, str]]) -> str:
    """The kept colours a photo's cubes did not match (other cubes, or very other light)."""
    return (f"The cubes in this photo look unlike the colours kept ({_colours(colours)}), so "
            "it was read by its own colours; keep the new ones if you changed your cubes.")


def scan_lines(names: Mapping[int, str], differences: Sequence[tuple[int, str, int, int,
               int]], unsure: Sequence[tuple[int, str]], off: Sequence[tuple[int, str, int]],
               uncounted: Sequence[int], faint: Sequence[tuple[int, str]],
               answers: Sequence[Sequence[Command]], recordable: bool,
               unlike: Mapping[str, tuple[str, str]] | None = None) -> list[str]:
    """The whole answer: the differences (or that the table matches), the cubes counted off
    the spaces, the unsure spaces and cubes, kept colours this photo did not match (`unlike`),
    and the commands that explain the difference, shortest first."""
    lines = [difference_line(names, *d) for d in differences] or [
        "The table matches the game" + (" (except what could not be read)."
                                        if unsure or uncounted or faint else ".")]
    lines += [off_line(names, *o) for o in off]
    if unsure:
        lines.append(unsure_line(names, unsure))
    if uncounted:
        lines.append(uncounted_line(names, uncounted))
    lines += faint_lines(names, faint)
    if unlike:
        lines.append(colours_unlike_line(unlike))
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
