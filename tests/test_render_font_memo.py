"""The slimmed faces kept between builds: the same bytes as slimming, slimmed
again whenever the font, the code or the entry says so."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from throne_pnp.render import font_memo, fonts
from throne_pnp.render.ttfslim import slim

VERA = fonts.font_dir() / "Vera.ttf"
BOLD = fonts.font_dir() / "VeraBd.ttf"


@pytest.fixture
def slims(monkeypatch) -> list[str]:
    """The styles actually slimmed (not read back from the cache)."""
    calls: list[str] = []

    def counted(data, family, style):
        calls.append(style)
        return slim(data, family, style)

    monkeypatch.setattr(font_memo, "slim", counted)
    return calls


def test_a_kept_face_is_the_slimmed_face(private_cache, slims) -> None:
    original = VERA.read_bytes()
    want = slim(original, "Rusty Sans", "Roman")
    assert font_memo.slimmed(original, "Rusty Sans", "Roman") == want
    assert font_memo.slimmed(original, "Rusty Sans", "Roman") == want
    assert slims == ["Roman"]                  # the second came from the cache
    (entry,) = private_cache.rglob("font-*.ttf")
    assert entry.read_bytes()[:-32] == want


def test_another_font_style_or_code_is_slimmed_again(private_cache, slims, tmp_path,
                                                     monkeypatch) -> None:
    vera, bold = VERA.read_bytes(), BOLD.read_bytes()
    font_memo.slimmed(vera, "Rusty Sans", "Roman")
    assert font_memo.slimmed(bold, "Rusty Sans", "Roman") == slim(bold, "Rusty Sans", "Roman")
    font_memo.slimmed(vera, "Rusty Sans", "Bold")
    edited = tmp_path / "ttfslim.py"
    edited.write_bytes(font_memo._CODE.read_bytes() + b"\n# edited\n")
    monkeypatch.setattr(font_memo, "_CODE", edited)
    font_memo.slimmed(vera, "Rusty Sans", "Roman")
    assert slims == ["Roman", "Roman", "Bold", "Roman"]
    assert len(list(private_cache.rglob("font-*.ttf"))) == 4


@pytest.mark.parametrize("damage", ["truncate", "flip", "empty"])
def test_a_damaged_entry_is_slimmed_again(private_cache, slims, damage) -> None:
    original = VERA.read_bytes()
    want = font_memo.slimmed(original, "Rusty Sans", "Roman")
    (entry,) = private_cache.rglob("font-*.ttf")
    data = entry.read_bytes()
    entry.write_bytes({"truncate": data[:-100], "flip": data[:50] + bytes([data[50] ^ 1])
                       + data[51:], "empty": b""}[damage])
    assert font_memo.slimmed(original, "Rusty Sans", "Roman") == want
    assert slims == ["Roman", "Roman"]


def test_unreadable_code_or_no_cache_means_no_entry(private_cache, slims, tmp_path,
                                                   monkeypatch) -> None:
    original = VERA.read_bytes()
    monkeypatch.setattr(font_memo, "_CODE", tmp_path / "absent.py")   # byte code only
    assert font_memo.slimmed(original, "Rusty Sans", "Roman") == slim(original, "Rusty Sans",
                                                                       "Roman")
    monkeypatch.undo()
    monkeypatch.setenv("XDG_CACHE_HOME", str(private_cache))
    monkeypatch.setenv("THRONE_NO_CACHE", "1")
    font_memo.slimmed(original, "Rusty Sans", "Roman")
    assert not private_cache.exists()


def test_pdfs_built_from_kept_faces_are_the_same_bytes(tmp_path) -> None:
    """Faces register once per process: each build runs in a fresh one."""
    code = ("import sys; from pathlib import Path; from throne_pnp.content import load_content;"
            " from throne_pnp.render.build import build;"
            " build(load_content(), Path(sys.argv[1]), papers=('a4',), formats=('pdf',))")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    env.pop("THRONE_NO_CACHE", None)
    written = {}
    for name, run_env in {"plain": {**env, "THRONE_NO_CACHE": "1"}, "first": env,
                          "kept": env}.items():
        subprocess.run([sys.executable, "-c", code, str(tmp_path / name)], env=run_env,
                       check=True)
        written[name] = {p.name: p.stat().st_mtime_ns
                         for p in (tmp_path / "cache").rglob("font-*.ttf")}
    assert written["plain"] == {} and written["first"]
    assert written["kept"] == written["first"]     # read back, not written again
    for pdf in sorted((tmp_path / "plain" / "a4").glob("*.pdf")):
        for name in ("first", "kept"):
            assert (tmp_path / name / "a4" / pdf.name).read_bytes() == pdf.read_bytes(), \
                (name, pdf.name)
