"""`throne resolve king --at FILE --card N`, answered before click is loaded.

It is the question asked most often at the table, and loading click (with
what it imports: typing, inspect, gettext...) costs about as much as the
King's answer itself. So the console script first offers the words typed
here: when they are exactly `resolve king` with `--at FILE` and `--card N`
(and optionally `--json`, `--content DIR`), each once, in their plain
spelling, this module computes the answer with the same code the click
command runs (`cli.resolve_answers`) and prints it as click would.

Anything else returns False and click takes over: other spellings
(`--card=2`, `--card 02`), help, completion, every other command, and every
refusal (a missing file, no such card, a position that cannot stand...), so
that click reports them in its own words. The answer is printed only when it
is complete, so handing over never prints twice.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

COMPLETE_VAR = "_THRONE_COMPLETE"     # click's shell completion for prog "throne"
VALUED = ("--at", "--card", "--content")
LONGEST_ID = 9                       # digits; a longer "card id" goes to click


def plain_words(argv: list[str]) -> dict[str, str] | None:
    """The options of a plainly typed `resolve king --at F --card N`, else None.

    Each option once, its value the next word (not empty, not starting with
    "-"); `--card` a whole number in digits without a leading zero."""
    if argv[:2] != ["resolve", "king"]:
        return None
    found = scan(argv[2:], VALUED)
    if found is None:
        return None
    card = found.get("--card", "")
    if "--at" not in found or not plain_id(card):
        return None
    if "--content" in found and not os.path.isdir(found["--content"]):
        return None
    return found


def scan(words: list[str], valued: tuple[str, ...], flags: tuple[str, ...] = ("--json",),
         numbers: list[int] | None = None) -> dict[str, str] | None:
    """The options of plainly typed `words` by name ("" for a flag), else None.

    Each flag or valued option at most once, a valued option's value the next
    word (not empty, not starting with "-"); with `numbers`, plain whole
    numbers (`plain_id`) are appended to it; any other word is not plain."""
    found: dict[str, str] = {}
    i = 0
    while i < len(words):
        word = words[i]
        if word in found:
            return None
        if word in flags:
            found[word] = ""
            i += 1
        elif word in valued and i + 1 < len(words):
            value = words[i + 1]
            if not value or value.startswith("-"):
                return None
            found[word] = value
            i += 2
        elif numbers is not None and plain_id(word):
            numbers.append(int(word))
            i += 1
        else:
            return None
    return found


def plain_id(text: str) -> bool:
    """A number typed plainly: ASCII digits, no leading zero, at most LONGEST_ID."""
    return (text.isascii() and text.isdigit() and len(text) <= LONGEST_ID
            and (text == "0" or not text.startswith("0")))


def quick_answer(argv: list[str]) -> str | None:
    """The text `throne resolve king` prints for `argv`, or None: click's turn."""
    if COMPLETE_VAR in os.environ:
        return None
    found = plain_words(argv)
    if found is None:
        return None
    from throne_pnp.cli.resolve_answers import king_answer, load_board

    try:
        board = load_board(found.get("--content"))
        text = king_answer(board, Path(found["--at"]), int(found["--card"]), (), None, list,
                           "--json" in found)
    except Exception:   # noqa: BLE001 - a refusal (or anything odd): click says it
        return None
    # ASCII without escapes is written alike by click.echo on any terminal or pipe.
    return text if text.isascii() and "\x1b" not in text else None


def answered(argv: list[str]) -> bool:
    """Print the quick answer for `argv` if there is one; True when printed."""
    text = quick_answer(argv)
    if text is None:
        return False
    try:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # As click does: the reader has gone; say nothing more, exit 1.
        sys.stdout = open(os.devnull, "w")   # noqa: SIM115 - lives until exit
        sys.exit(1)
    return True
