"""`throne init`: an editable copy of the bundled edition, never overwriting; each file
opens with a comment header saying what it is, its keys and where they are described."""

from __future__ import annotations

from contextlib import suppress
from pathlib import Path

from throne_pnp.edition_lookup import CONTENT_FILES, bundled_content_dir
from throne_pnp.errors import ThroneError
from throne_pnp.writing import WriteFailed, check_target, write_text

_COMMON = ("An editable copy of the bundled edition, written by `throne init`.",
           "The keys and every check: docs/content.md in the throne_pnp sources.",
           "`throne validate` lists each problem with its line; `throne build` reprints.")

HEADERS: dict[str, tuple[str, ...]] = {
    "map.yaml": _COMMON + (
        "Keys: name, home, forces, king_limit, hand_size, setup {player, king},",
        "territories (name, castle, wheat, bugles, shields, adjacent; shape, label and",
        "cubes to draw it) and drawing (size, points, lakes, crossings).",
    ),
    "cards.yaml": _COMMON + (
        "Each card: id, name, bugles, swords, shields (0-3), king (1 or 2 of rally,",
        "move-castle, move-wheat, move-player, uncertain), flags, priority",
        "(rising | falling), hard (true for skull cards).",
    ),
    "rulings.yaml": _COMMON + (
        "How the rules are read where they allow two readings (docs/rulings.md).",
    ),
    "ladder.yaml": _COMMON + (
        "The difficulty ladder: levels (name, hard cards) for `throne new --level`;",
        "the figures are written by `throne simulate --sweep --ladder --write-ladder`.",
    ),
    "rules.txt": _COMMON + (
        "Markup: `# title`, `## heading`, `- bullet`, `1. step`, `> note`, **bold**,",
        "`code`, icons in braces such as {castle}; lines starting with % are comments.",
        "Booklet lines: `### sub-heading`, `{#anchor}` after a heading, `=> box`,",
        "`@page`, `@column`, `@example NAME`, `@figure setup`, `@ladder`.",
    ),
    "examples.yaml": _COMMON + (
        "The worked examples the booklet draws with the rules engine: each has a name,",
        "title, text, at {king, player} and either king {card | actions, priority;",
        "draws} or battle {territory, defender, player_card, king_card, withdraw_to}.",
    ),
}


def _header(name: str) -> str:
    mark = "%" if name.endswith(".txt") else "#"
    return "".join(f"{mark} {line}\n" for line in HEADERS[name]) + f"{mark}\n"


def _take_back(written: list[Path], made: list[Path]) -> None:
    """Remove the (all new) files and folders a failed copy made: it leaves nothing behind."""
    for path in written:
        with suppress(OSError):
            path.unlink()
    for folder in made:           # the deepest first
        with suppress(OSError):
            folder.rmdir()


def write_editable_copy(target: Path, source: Path | None = None) -> list[Path]:
    """Copy the edition in `source` (default: the bundled one) into `target`; returns the
    files written. Refused before writing when a file exists; a failed copy is removed."""
    source = source if source is not None else bundled_content_dir()
    names = [name for name in CONTENT_FILES if (source / name).is_file()]
    if not names:
        raise ThroneError(f"the bundled edition is missing from {source}; reinstall throne_pnp")
    if target.exists() and not target.is_dir():
        raise ThroneError(f"{target} is a file, not a folder; give `throne init` a folder, "
                          "e.g. `throne init my-edition`")
    for name in names:
        if (target / name).exists():
            raise ThroneError(f"{target / name} already exists; `throne init` never "
                              "overwrites: edit that copy, move it away, or give another "
                              "folder (`throne init DIR`)")
    texts = {name: _header(name) + (source / name).read_text(encoding="utf-8") for name in names}
    check_target(target / names[0], "init", kind="edition", edition_ok=target,
                 instead="give `throne init` a folder of your own, e.g. `throne init "
                         "my-edition`")
    written: list[Path] = []
    made = [] if target.exists() else [p for p in (target, *target.parents) if not p.exists()]
    try:
        target.mkdir(parents=True, exist_ok=True)
        for name in names:
            path = target / name
            try:    # whole, and never over a file (`exclusive`)
                write_text(path, texts[name], kind="edition", exclusive=True, edition_ok=target)
            except WriteFailed as exc:
                if isinstance(exc.error, FileExistsError):
                    raise ThroneError(f"{path} already exists; `throne init` never "
                                      "overwrites; nothing was written") from None
                raise ThroneError(f"{target}: cannot write the copy ({exc}); nothing was "
                                  "written; choose a folder you can write to") from None
            written.append(path)
    except (OSError, ThroneError) as exc:
        _take_back(written, made)     # a whole copy or none: never half an edition
        if isinstance(exc, ThroneError):
            raise
        raise ThroneError(f"{target}: cannot write the copy ({exc.strerror or exc}); choose "
                          "a folder you can write to") from None
    return written
