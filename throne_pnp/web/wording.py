"""The command line's words turned into the page's: no terminal syntax on a phone.

The engine and the commands write for a terminal: a command to type in
backticks (`throne done`), banners (`--- Turn 2: your card phase ---`,
`*** You LOST: ... ***`) and full file paths. The page shows the same
sentences without that syntax: a command becomes its words in quotes, as
the page's buttons say them ("done"; "fix 7 --king 3" becomes "fix 7 king 3"), a banner
its plain sentence, a path only its file name. Pure text in, text out.
"""

from __future__ import annotations

import re

_COMMAND = re.compile(r"`([^`\s][^`]*)`")     # a stray backtick before a space pairs nothing
_BANNER = re.compile(r"^\s*(?:-{3}|\*{3})\s*(.*?)\s*(?:-{3}|\*{3})\s*$", re.S)
_PATH = re.compile(r"(?<![\w.~])(?:~|[A-Za-z]:)?(?:[/\\][\w.\-]+)+[/\\]([\w.\-]+)")
_OPTION = re.compile(r"(?<=\s)--?(?=[a-z])")
_SHOUTED = {"You WON": "You won", "You LOST": "You lost"}


def command_words(command: str) -> str:
    """`throne fix --hand 3,6` -> 'fix hand 3,6': the command as the page's buttons say it."""
    words = command.strip()
    if words.startswith("throne "):
        words = words[len("throne "):]
    words = _OPTION.sub("", " " + words).strip()
    return words.replace("king-card", "the King's card")


def page_words(text: object) -> str:
    """One line of the CLI's text as the page shows it."""
    line = str(text)
    banner = _BANNER.match(line)
    if banner:
        line = banner.group(1)
        for loud, quiet in _SHOUTED.items():
            line = line.replace(loud, quiet)
    line = _COMMAND.sub(lambda m: f"\u201c{command_words(m.group(1))}\u201d", line)
    return _PATH.sub(lambda m: m.group(1), line)
