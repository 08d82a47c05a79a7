"""`fonts.split_string` gives exactly reportlab's `splitString`, and leaves the same state."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from throne_pnp.render import fonts


class _Doc:
    """Stands for a reportlab document: the fonts key their per-document state on it."""


def _alphabet() -> list[str]:
    face = fonts.font("Vera").face
    letters = sorted(chr(c) for c in face.charToGlyph if c > 31)
    return letters + ["\xa0", "\u4e2d", "\x00"]     # nbsp, a letter the face lacks, NUL


TEXTS = st.lists(st.text(alphabet=st.sampled_from(_alphabet()), max_size=40), max_size=40)


@settings(max_examples=60, deadline=None)
@given(texts=TEXTS, wide=st.booleans())
def test_the_same_codes_and_the_same_subsets(texts, wide):
    """Two documents fed the same texts, one through the shortcut: the same
    answers, and the same assignments and subsets after (with `wide`, first
    more letters than one subset holds, so codes past 255 occur)."""
    font = fonts.font("Vera")
    ours, theirs = _Doc(), _Doc()
    if wide:
        texts = ["".join(_alphabet()[:300]), *texts]
    for text in texts:
        assert fonts.split_string(font, text, ours) == font.splitString(text, theirs), text
    a, b = font.state.get(ours), font.state.get(theirs)
    assert (a is None) == (b is None) == (not texts)
    if texts:
        assert (a.assignments, a.subsets, a.nextCode) == \
            (b.assignments, b.subsets, b.nextCode)


def test_repeated_words_take_the_shortcut_and_agree(monkeypatch):
    font = fonts.font("VeraBd")
    doc, other = _Doc(), _Doc()
    assert fonts.split_string(font, "Quiet Muster", doc) == \
        font.splitString("Quiet Muster", other)
    expected = font.splitString("Muster", other)
    state = font.state[doc]
    before = dict(state.assignments)

    def unused(text, doc):
        raise AssertionError("reportlab's loop ran for letters already assigned")

    monkeypatch.setattr(font, "splitString", unused)
    assert fonts.split_string(font, "Muster", doc) == expected
    assert state.assignments == before          # nothing new was assigned
    monkeypatch.undo()
    assert fonts.split_string(font, "", doc) == font.splitString("", other) == []
