"""Safe YAML loading that remembers where every value came from.

Validation messages must name the file and line of the problem, so mappings
and sequences are built as `SourceDict` / `SourceList`, which carry the line of
the node itself and of each key or item. Only the safe loader is used: a
`!!python/...` tag is an error, never code.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml


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


class _LineLoader(yaml.SafeLoader):
    """SafeLoader that builds SourceDict/SourceList and rejects duplicate keys."""

    duplicate_keys: list[tuple[Any, int]]


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
            raise yaml.constructor.ConstructorError(
                None, None, "a mapping key must be a plain value", key_node.start_mark
            ) from exc
        line = key_node.start_mark.line + 1
        if key in mapping:
            loader.duplicate_keys.append((key, line))
        mapping[key] = loader.construct_object(value_node, deep=True)
        mapping.key_lines[key] = line
    return mapping


def _construct_sequence(loader: _LineLoader, node: yaml.SequenceNode) -> SourceList:
    items = SourceList(loader.construct_object(child, deep=True) for child in node.value)
    items.line = node.start_mark.line + 1
    items.item_lines = [child.start_mark.line + 1 for child in node.value]
    return items


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def load_text(text: str, name: str) -> tuple[Any, list[str]]:
    """Parse YAML text; return (data, duplicate-key problems). Raise YamlProblem."""
    loader = _LineLoader(text)
    loader.duplicate_keys = []
    try:
        data = loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 0
        what = exc.problem or str(exc)
        if "could not determine a constructor" in str(exc):
            what = "tags such as !!python/... are not allowed; use plain YAML values"
        raise YamlProblem(f"{name}:{line}: not valid YAML: {what}") from None
    except yaml.YAMLError as exc:
        raise YamlProblem(f"{name}: not valid YAML: {exc}") from None
    finally:
        loader.dispose()
    dupes = [f"{name}:{line}: key {key!r} appears twice; keep one" for key, line in
             loader.duplicate_keys]
    return data, dupes


def load_file(path: Path) -> tuple[Any, list[str]]:
    """Read and parse one YAML file; raise YamlProblem with a one-line reason."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise YamlProblem(f"{path.name}: file not found in {path.parent}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise YamlProblem(f"{path.name}: cannot be read: {exc}") from None
    if not text.strip():
        raise YamlProblem(f"{path.name}:1: the file is empty")
    return load_text(text, path.name)


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
