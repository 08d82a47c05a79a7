"""The map's fit check remembered between builds: the same notes, recomputed
whenever the map, the scale or the cache says so."""

from __future__ import annotations

import dataclasses

import pytest

from throne_pnp.content import load_content
from throne_pnp.render import fit_memo, mapdraw


def _count_checks(monkeypatch) -> list[float]:
    calls: list[float] = []
    real = mapdraw.fit_problems

    def counted(content, scale=1.0):
        calls.append(scale)
        return real(content, scale)

    monkeypatch.setattr(fit_memo, "fit_problems", counted)
    return calls


def test_the_notes_are_the_checks_and_are_read_back(private_cache, monkeypatch):
    content = load_content(None)
    calls = _count_checks(monkeypatch)
    first = fit_memo.remembered_fit_problems(content, 0.8)   # small: cubes under 10 mm
    assert first == mapdraw.fit_problems(content, 0.8) and first
    assert fit_memo.remembered_fit_problems(content, 0.8) == first
    assert calls == [0.8]                       # the second answer came from the cache
    assert fit_memo.remembered_fit_problems(content, 1.0) == mapdraw.fit_problems(content, 1.0)
    assert calls == [0.8, 1.0]                  # another scale, another key


def test_an_edited_map_is_checked_again(private_cache, monkeypatch):
    content = load_content(None)
    calls = _count_checks(monkeypatch)
    fit_memo.remembered_fit_problems(content, 1.0)
    moved = dataclasses.replace(content.map, name=content.map.name + " (variant)")
    fit_memo.remembered_fit_problems(dataclasses.replace(content, map=moved), 1.0)
    assert len(calls) == 2


@pytest.mark.parametrize("entry", [b"not json", b'{"a": 1}', b"[1, 2]", b"\xff\xfe"])
def test_a_damaged_entry_means_the_check_runs(private_cache, monkeypatch, entry):
    content = load_content(None)
    want = mapdraw.fit_problems(content, 0.8)
    fit_memo.remembered_fit_problems(content, 0.8)
    (found,) = list(private_cache.rglob("fit-*.json"))
    found.write_bytes(entry)
    calls = _count_checks(monkeypatch)
    assert fit_memo.remembered_fit_problems(content, 0.8) == want
    assert calls == [0.8]


def test_no_cache_when_told(private_cache, monkeypatch):
    monkeypatch.setenv("THRONE_NO_CACHE", "1")
    content = load_content(None)
    calls = _count_checks(monkeypatch)
    fit_memo.remembered_fit_problems(content, 1.0)
    fit_memo.remembered_fit_problems(content, 1.0)
    assert calls == [1.0, 1.0] and not list(private_cache.rglob("fit-*"))


def test_without_the_sources_the_check_just_runs(private_cache, monkeypatch, tmp_path):
    """An install without the .py files (byte code only) cannot key the entry:
    the check runs every time, and nothing is written."""
    monkeypatch.setattr(fit_memo, "_RENDER", tmp_path / "nowhere")
    monkeypatch.setattr(fit_memo, "_digest", None)
    content = load_content(None)
    calls = _count_checks(monkeypatch)
    assert fit_memo.remembered_fit_problems(content, 1.0) == mapdraw.fit_problems(content, 1.0)
    fit_memo.remembered_fit_problems(content, 1.0)
    assert calls == [1.0, 1.0] and not list(private_cache.rglob("fit-*"))
