"""One build's memos and collector pause: gone after the build, and the bytes unchanged."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reportlab.pdfbase import pdfdoc

from throne_pnp.content import load_content
from throne_pnp.render import booklet, cards, layout, memo, pdf, pdf_atoms, rulesheet, svg
from throne_pnp.render import build as build_module
from throne_pnp.render.build import build
from throne_pnp.render.pdf_atoms import formatter, namer


def test_forget_empties_what_per_build_remembers() -> None:
    calls: list[int] = []

    @memo.per_build(maxsize=8)
    def double(n: int) -> int:
        calls.append(n)
        return 2 * n

    kept: dict[int, int] = {1: 2}
    memo.on_forget(kept.clear)
    assert double(3) == double(3) == 6
    assert calls == [3]
    memo.forget()
    assert double.cache_info().currsize == 0 and kept == {}
    assert double(3) == 6 and calls == [3, 3]


@pytest.mark.parametrize("collecting", [True, False])
def test_a_build_pauses_the_collector_and_leaves_no_memo(tmp_path: Path,
                                                        collecting: bool) -> None:
    seen: list[bool] = []
    real = build_module._build

    def spy(*args):
        seen.append(gc.isenabled())
        return real(*args)

    build_module._build = spy
    (gc.enable if collecting else gc.disable)()
    try:
        build(load_content(), tmp_path, papers=("a4",), formats=("pdf",), parallel=False)
        assert gc.isenabled() is collecting     # the caller's setting, restored
    finally:
        build_module._build = real
        gc.enable()
    assert seen == [False]
    for remembered in (layout.text_width, rulesheet._measured, cards.card_front,
                       cards.card_back, pdf._escaped, pdf._round_rect, pdf._circle):
        assert remembered.cache_info().currsize == 0, remembered.__name__
    assert pdf._numbers == {}


def test_a_failed_build_still_resumes_the_collector(tmp_path: Path, monkeypatch) -> None:
    def broken(*_args, **_kwargs):
        raise RuntimeError("rules failed")

    monkeypatch.setenv("THRONE_NO_CACHE", "1")     # (no remembered layout)
    monkeypatch.setattr(booklet, "rules_pages", broken)
    with pytest.raises(RuntimeError, match="rules failed"):
        build(load_content(), tmp_path, papers=("a4",), formats=("pdf",), parallel=False)
    assert gc.isenabled()


numbers = st.one_of(st.integers(-10**9, 10**9),
                    st.floats(allow_nan=False, allow_infinity=False, width=64,
                              min_value=-1e9, max_value=1e9))


@given(st.lists(numbers, min_size=1, max_size=30))
def test_remembered_numbers_are_the_bytes_reportlab_writes(values) -> None:
    remembered = formatter(pdfdoc.format, {})
    for value in values + values[::-1]:
        assert remembered(value, None) == pdfdoc.format(value, None)
    for value in values:
        if isinstance(value, float) and value.is_integer():
            assert remembered(int(value), None) == pdfdoc.format(int(value), None)  # one entry
    assert remembered(True, None) == pdfdoc.format(True, None)    # not a number to reportlab
    for text in ("Tf", "/Name", "x" * 80, "Tf"):
        assert remembered(text, None) == pdfdoc.format(text, None)


@given(st.lists(st.text(max_size=12), min_size=1, max_size=20))
def test_remembered_names_are_reportlabs(keys) -> None:
    remembered = namer(pdfdoc.PDFName, {})
    for key in keys + keys:
        assert remembered(key) == pdfdoc.PDFName(key)


def test_pdfs_are_the_same_bytes_without_remembered_numbers_or_names(tmp_path: Path,
                                                            monkeypatch) -> None:
    content = load_content()
    real, real_name = pdfdoc.format, pdfdoc.PDFName
    remembered = build(content, tmp_path / "memo", papers=("letter",), formats=("pdf",),
                       parallel=False)
    assert pdfdoc.format is real       # reportlab's own, put back after each document
    assert pdfdoc.PDFName is real_name
    monkeypatch.setattr(pdf_atoms, "formatter", lambda rl_format, atoms: rl_format)
    monkeypatch.setattr(pdf_atoms, "namer", lambda rl_name, names: rl_name)
    monkeypatch.setenv("THRONE_NO_CACHE", "1")    # (draw every page afresh, too)
    plain = build(content, tmp_path / "plain", papers=("letter",), formats=("pdf",),
                  parallel=False)
    assert len(remembered) == len(plain) == 4
    for a, b in zip(remembered, plain, strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name


@given(st.lists(st.one_of(numbers, st.just(-0.0), st.just(0.0)), min_size=1, max_size=30))
def test_remembered_svg_numbers_are_the_computed_text(values) -> None:
    memo.forget()
    for value in values + values[::-1]:
        text = f"{value:.3f}".rstrip("0").rstrip(".")
        assert svg._n(value) == ("0" if text == "-0" else text)


@given(st.lists(st.text(max_size=10), min_size=1, max_size=20))
def test_remembered_svg_attributes_are_escaped_alike(values) -> None:
    memo.forget()
    for value in values + values:
        assert svg._attr_escape(value) == svg._escape_attr(value)
    assert svg._attr_escape('a "b" <c>\n') == "a &quot;b&quot; &lt;c&gt;&#10;"


def test_a_build_freezes_the_heap_only_at_exit(tmp_path: Path) -> None:
    """Nothing is frozen while the process lives; one exit handler, however many
    builds, freezes what is left when the interpreter exits."""
    code = ("import atexit, gc, sys; from pathlib import Path;"
            " from throne_pnp.content import load_content;"
            " from throne_pnp.render.build import build;"
            " import reportlab.pdfgen.canvas;"    # (Pillow, under it, has its own)
            " before = atexit._ncallbacks();"
            " [build(load_content(), Path(sys.argv[1]) / str(i), papers=('a4',),"
            "        formats=('pdf',), parallel=False) for i in range(2)];"
            " print(atexit._ncallbacks() - before, gc.get_freeze_count());"
            " atexit._run_exitfuncs(); print(gc.get_freeze_count() > 0)")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path)], check=True,
                         capture_output=True, text=True).stdout.split()
    assert out == ["1", "0", "True"]


@given(st.binary(max_size=200))
def test_text_chunks_are_escaped_as_reportlab_escapes_them(chunk: bytes) -> None:
    assert pdf._escaped.__wrapped__(chunk) == pdfdoc.escapePDF(chunk)
    assert pdf._escaped.__wrapped__(b"a(b)\\c\n\x00\xff") == pdfdoc.escapePDF(b"a(b)\\c\n\x00\xff")
