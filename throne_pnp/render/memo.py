"""Memos that live as long as one build.

Layout and drawing remember what they computed (a word's width, a card
face, a paragraph's words, a number's PDF text) because one build asks the
same questions thousands of times. Past the build they only hold memory,
and a process that ends after its build (the command line) would spend its
last moments walking them with the cyclic collector and freeing them one by
one: about a third of the build's shutdown. So `build` calls `forget()`
when it is done, which empties every memo registered here; the next build
(or the table page drawing a card) simply fills them again.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TypeVar

F = TypeVar("F", bound=Callable)

_clears: list[Callable[[], None]] = []


def per_build(maxsize: int) -> Callable[[F], F]:
    """`functools.lru_cache(maxsize)`, emptied by `forget()`."""
    def wrap(function: F) -> F:
        cached = lru_cache(maxsize=maxsize)(function)
        _clears.append(cached.cache_clear)
        return cached  # type: ignore[return-value]

    return wrap


def on_forget(clear: Callable[[], None]) -> Callable[[], None]:
    """Register `clear` (a memo's own emptying, e.g. a dict's `clear`) with `forget()`."""
    _clears.append(clear)
    return clear


def forget() -> None:
    """Empty every memo registered here."""
    for clear in _clears:
        clear()
