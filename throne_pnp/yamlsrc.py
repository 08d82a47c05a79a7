"""Safe YAML loading that remembers where every value came from.

Mappings and sequences are built as `SourceDict` / `SourceList`, carrying the line of each
node, key and item, so validation messages can name file and line. Only the safe loader runs:
a `!!python/...` tag is an error, never code."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import yaml

from throne_pnp.userfile import CONTENT_LIMIT, FileRefused, read_text_limited


class SourceDict(dict):
    """A dict that knows its own line and the line of each key."""

    line: int = 0
    key_lines: dict[Any, int]


class SourceList(list):
    """A list that knows its own line and the line of each item."""

    line: int = 0
    item_lines: list[int]


class YamlProblem(Exception):
    """A file could not be read or parsed; message is ready to print."""


# libyaml's parser when present (several times faster); the same safe constructors.
_SafeBase: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _LineLoader(_SafeBase):  # type: ignore[misc, valid-type]
    """Safe loader that builds SourceDict/SourceList and rejects duplicate keys."""

    duplicate_keys: list[tuple[str, Any, int]]
    path: list[Any]

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        # A value the safe constructors cannot build (a date 2024-13-45) gets the
        # node's position like any other YAML error, and so do unusable numbers.
        try:
            value = super().construct_object(node, deep=deep)
        except (ValueError, TypeError, OverflowError) as exc:
            raise _refused(node, f"cannot read {_short(node.value)} ({exc}); quote it if it "
                           "is text") from None
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > HUGE:
            raise _refused(node, f"the number {_short(node.value)} is far too large (at most "
                           f"{HUGE:,} here); use a smaller one")
        if isinstance(value, float) and not math.isfinite(value):
            raise _refused(node, f"{_short(node.value)} is not a usable number (infinite or "
                           "not a number); use a finite one")
        return value


HUGE = 10**12    # larger than any count, id or coordinate (in mm) of a printed game


def _refused(node: yaml.Node, message: str) -> yaml.constructor.ConstructorError:
    """A YAML error at `node`, worded for the user."""
    return yaml.constructor.ConstructorError(None, None, message, node.start_mark)


def _short(value: Any) -> str:
    """A scalar's text for a message, cut when long."""
    text = repr(value) if isinstance(value, str) else "this value"
    return text if len(text) <= 40 else text[:36] + "...'"


def path_text(parts: list[Any]) -> str:
    """A key path in the style of validation messages: `territories[3].wheat`."""
    out = ""
    for part in parts:
        if isinstance(part, int) and not isinstance(part, bool):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> SourceDict:
    loader.flatten_mapping(node)
    mapping = SourceDict()
    mapping.line = node.start_mark.line + 1
    mapping.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError as exc:
            raise _refused(key_node, "a mapping key must be a plain value") from exc
        line = key_node.start_mark.line + 1
        loader.path.append(key)
        try:
            if key in mapping:
                loader.duplicate_keys.append((path_text(loader.path), key, line))
            mapping[key] = loader.construct_object(value_node, deep=True)
        finally:
            loader.path.pop()
        mapping.key_lines[key] = line
    return mapping


def _construct_sequence(loader: _LineLoader, node: yaml.SequenceNode) -> SourceList:
    items = SourceList()
    for index, child in enumerate(node.value):
        loader.path.append(index)
        try:
            items.append(loader.construct_object(child, deep=True))
        finally:
            loader.path.pop()
    items.line = node.start_mark.line + 1
    items.item_lines = [child.start_mark.line + 1 for child in node.value]
    return items


_TAG_RE = re.compile(r"for the tag '([^']*)'")


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def _syntax_hint(exc: yaml.MarkedYAMLError) -> str:
    """Where the broken construct began and what usually fixes it."""
    context = (exc.context or "").strip()
    if "flow" in context:
        fix = "check that every [ or { is closed and items are separated by commas"
    elif "quoted" in context:
        fix = "check that the quote is closed"
    elif "simple key" in context:
        fix = "a key needs a colon and a space after it, as in `wheat: 2`"
    elif "mapping values are not allowed" in (exc.problem or ""):
        fix = "a value containing ': ' must be quoted, as in `name: \"Rust: Crown\"`, " \
              "or check the indentation"
    else:
        fix = "check the indentation: keys of one mapping line up, nested ones indent " \
              "further, and tabs are not allowed"
    start = exc.context_mark
    if context and start is not None and (exc.problem_mark is None
                                          or start.line != exc.problem_mark.line):
        return f"{context} that starts on line {start.line + 1}; {fix}"
    return fix


# libyaml's composer recurses in C: tens of thousands of levels crash it (no RecursionError),
# so deeper nesting is refused before composing. Texts up to SAFE_LENGTH characters cannot
# nest deep enough to crash it and skip that extra pass.
MAX_DEPTH = 200
SAFE_LENGTH = 8000


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """How deep the YAML `text` nests (stopping once past `limit`), from its parse
    events, which libyaml makes without recursing; 0 when it does not parse (the
    loader then says why)."""
    depth = deepest = 0
    try:
        for event in yaml.parse(text, Loader=_SafeBase):
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                depth += 1
                deepest = max(deepest, depth)
                if deepest > limit:
                    break
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                depth -= 1
    except yaml.YAMLError as exc:
        if "nesting depth" in str(exc):   # a libyaml with its own depth limit says so
            return limit + 1
    return deepest


def _too_deep(name: str) -> YamlProblem:
    return YamlProblem(f"{name}: not valid YAML here: lists or mappings nested too deeply "
                       f"(more than {MAX_DEPTH} levels; no file of ours nests more than a few)")


def load_text(text: str, name: str) -> tuple[Any, list[str]]:
    """Parse YAML text; return (data, duplicate-key problems). Raise YamlProblem."""
    if len(text) > SAFE_LENGTH and nesting_depth(text) > MAX_DEPTH:
        raise _too_deep(name)
    loader = _LineLoader(text)
    loader.duplicate_keys = []
    loader.path = []
    try:
        data = loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        if "nesting depth" in str(exc):
            raise _too_deep(name) from None
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 0
        what = " ".join((exc.problem or str(exc)).split())
        tag = _TAG_RE.search(str(exc))
        if "could not determine a constructor" in str(exc):
            shown = re.sub(r"^tag:yaml\.org,2002:", "!!", tag.group(1)) if tag else "this tag"
            what = (f"the tag {shown} is not allowed (only plain YAML values are read, "
                    "nothing is ever run); remove the tag")
        else:
            what += f" ({_syntax_hint(exc)})"
        raise YamlProblem(f"{name}:{line}: not valid YAML: {what}") from None
    except yaml.YAMLError as exc:
        what = " ".join(str(exc).split())
        raise YamlProblem(f"{name}: not valid YAML: {what}") from None
    except RecursionError:
        raise _too_deep(name) from None
    finally:
        loader.dispose()
    dupes = [f"{name}:{line}: {path}: key {key!r} appears twice; keep one"
             for path, key, line in loader.duplicate_keys]
    return data, dupes


def load_file(path: Path, allow_empty: bool = False) -> tuple[Any, list[str]]:
    """Read (through `userfile`) and parse one YAML file, or raise YamlProblem with a
    one-line reason. An empty file is a problem unless `allow_empty` (then None)."""
    try:
        text = read_text_limited(path, CONTENT_LIMIT)
    except FileRefused as exc:
        if exc.missing:
            raise YamlProblem(f"{path.name}: file not found in {path.parent}; "
                              f"create {path.name} there") from None
        if exc.why.startswith("is a folder"):
            raise YamlProblem(f"{path.name}: is a directory in {path.parent}; "
                              "it must be a YAML file") from None
        raise YamlProblem(exc.about(path.name)) from None
    text = text.replace("\r\n", "\n").replace("\r", "\n")   # as read_text() did
    data, dupes = load_text(text, path.name) if text.strip() else (None, [])
    if data is None and not allow_empty:
        raise YamlProblem(f"{path.name}:1: the file is empty (no YAML values, only "
                          "blanks or comments); fill it in or copy it from the default "
                          "content")
    return data, dupes


def line_of(container: Any, key: Any = None) -> int:
    """Best-known line for `container[key]` (or the container itself)."""
    if isinstance(container, SourceDict):
        if key is not None and key in container.key_lines:
            return container.key_lines[key]
        return container.line
    if isinstance(container, SourceList):
        if isinstance(key, int) and 0 <= key < len(container.item_lines):
            return container.item_lines[key]
        return container.line
    return 0
