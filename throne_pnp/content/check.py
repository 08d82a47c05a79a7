"""`check_content(dir)`: every file of an edition parsed, every problem and note listed, and
the usable `Content` (or None), for `throne validate`; `load_content`: that content or a
`ContentError`, remembered within one process under the bytes of its files (so a long-running
one sees every edit).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from throne_pnp.content.cardfile import (
    card_paths_by_id,
    check_rules_text,
    parse_cards,
    parse_rulings,
)
from throne_pnp.content.checker import Checker
from throne_pnp.content.examplefile import listed_names, parse_examples
from throne_pnp.content.ladderfile import parse_ladder, settle
from throne_pnp.content.mapfile import parse_map
from throne_pnp.content.model import Content
from throne_pnp.edition_lookup import CONTENT_FILES, default_content_dir
from throne_pnp.errors import ContentError
from throne_pnp.userfile import CONTENT_LIMIT, FileRefused, read_limited, read_text_limited
from throne_pnp.yamlsrc import YamlProblem, load_file


@dataclass
class ContentReport:
    """What `check_content` found: the content (if usable), problems and notes."""

    content: Content | None
    problems: list[str]
    notes: list[str]


def _read(path: Path, problems: list[str], optional: bool = False) -> tuple[Any, bool]:
    """Parse one file; an optional file may be absent or empty (all defaults)."""
    if optional and not path.exists():
        return None, True
    try:
        data, dupes = load_file(path, allow_empty=optional)
    except YamlProblem as exc:
        problems.append(str(exc))
        return None, False
    problems.extend(dupes)
    return data, True


def check_content(directory: Path | str) -> ContentReport:
    """Load and check a content directory; never raises for bad content."""
    directory = Path(directory)
    problems: list[str] = []
    notes: list[str] = []
    if not directory.is_dir():
        return ContentReport(None, [f"{directory}: not a content directory (it should hold "
                                    "map.yaml and cards.yaml)"], notes)
    fingerprints = {}
    for name in CONTENT_FILES:
        path = directory / name
        try:
            fingerprints[name] = hashlib.sha256(read_limited(path, CONTENT_LIMIT)).hexdigest()[:16]
        except FileRefused:
            pass  # missing or unreadable: reported when the file is read

    map_data, map_ok = _read(directory / "map.yaml", problems)
    game_map = parse_map(map_data, Checker("map.yaml", problems), notes) if map_ok else None
    cards_data, cards_ok = _read(directory / "cards.yaml", problems)
    hand = game_map.hand_size if game_map else 5
    cards = parse_cards(cards_data, Checker("cards.yaml", problems), hand) if cards_ok else ()
    if cards_ok:
        problems[:] = [card_paths_by_id(p, cards_data) for p in problems]
    rulings_data, rulings_ok = _read(directory / "rulings.yaml", problems, optional=True)
    rulings = parse_rulings(rulings_data, Checker("rulings.yaml", problems))
    # Examples and levels are checked only against a clean map and deck (no cascades).
    sound = not problems and game_map is not None and bool(cards)
    examples_data, examples_ok = _read(directory / "examples.yaml", problems, optional=True)
    examples = (parse_examples(examples_data, Checker("examples.yaml", problems), game_map,
                               cards) if examples_ok and sound else ())
    rules_path = directory / "rules.txt"
    rules_text = ""
    if rules_path.exists():
        try:
            rules_text = read_text_limited(rules_path, CONTENT_LIMIT)
            rules_text = rules_text.replace("\r\n", "\n").replace("\r", "\n")
        except FileRefused as exc:
            problems.append(exc.about("rules.txt"))
        check_rules_text(rules_text, "rules.txt", problems,
                         listed_names(examples_data) if examples_ok and sound else None)
    else:
        notes.append("rules.txt: missing, so `throne build` cannot typeset the rules booklet")

    ladder_data, ladder_ok = _read(directory / "ladder.yaml", problems, optional=True)
    clean = cards_ok and cards and not any(p.startswith("cards.yaml") for p in problems)
    levels, stored = parse_ladder(ladder_data, Checker("ladder.yaml", problems),
                                  cards if clean else None)

    content = None
    if (not problems and game_map is not None and cards and rulings_ok and examples_ok
            and ladder_ok):
        content = Content(game_map, cards, rulings, rules_text, directory, fingerprints, examples)
        if levels:
            content = replace(content, ladder=settle(content, levels, stored, notes))
    return ContentReport(content, problems, notes)


_loaded: dict[tuple[str, str], Content] = {}


def files_digest(directory: Path) -> str | None:
    """A digest of the bytes of the edition's files; None when one cannot be read."""
    h = hashlib.sha256()
    for name in CONTENT_FILES:
        try:
            data = read_limited(directory / name, CONTENT_LIMIT)
        except FileRefused as exc:
            if exc.missing:
                h.update(f"{name}:absent;".encode())
                continue
            return None
        h.update(f"{name}:{len(data)}:".encode() + data)
    return h.hexdigest()


def load_content(directory: Path | str | None = None) -> Content:
    """Load a valid content directory (None: the lookup's) or raise ContentError."""
    directory = Path(directory) if directory is not None else default_content_dir()
    digest = files_digest(directory) if directory.is_dir() else None
    memo = (str(directory.resolve()), digest) if digest is not None else None
    if memo in _loaded:
        return _loaded[memo]
    report = check_content(directory)
    if report.content is None:
        raise ContentError(report.problems or [f"{directory}: no usable content"])
    if memo is not None and files_digest(directory) == digest:   # (unchanged while read)
        _loaded[memo] = report.content
    return report.content
