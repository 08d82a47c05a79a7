"""The one whole-number parser, the limited file reader and the token comparison."""

from __future__ import annotations

import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from throne_pnp.numbers import LIMIT, bounded, number_words, whole
from throne_pnp.userfile import FileRefused, read_limited, read_text_limited
from throne_pnp.web.security import Access, same_secret


@pytest.mark.parametrize("text, value", [
    ("0", 0), ("7", 7), ("007", 7), ("123456789", 123456789),
    ("²", None), ("①", None), ("፩", None), ("٣", None), ("", None), (" 7", None),
    ("7 ", None), ("-1", None), ("+1", None), ("1_000", None), ("1e3", None),
    ("0x10", None), ("1234567890", None), ("9" * 5000, None), (None, None), (7, None),
])
def test_whole_reads_ascii_digits_only(text, value):
    assert whole(text) == value


def test_whole_bounds():
    assert whole("5", low=1, high=5) == 5
    assert whole("6", low=1, high=5) is None
    assert whole("0", low=1) is None


@given(st.text(max_size=12))
def test_whole_agrees_with_int_on_ascii_digit_strings(text):
    value = whole(text)
    if value is not None:
        assert text.isascii() and text.isdigit() and int(text) == value <= LIMIT
    elif text and text.isascii() and text.isdigit():
        assert len(text) > 9


def test_bounded_values():
    assert bounded(3) == 3 and bounded(True) is None and bounded(3.0) is None
    assert bounded(-1) is None and bounded(-1, low=-5) == -1
    assert bounded(10**4000) is None


def test_number_words_never_raises():
    assert number_words(12) == "12"
    assert number_words(16**4000).startswith("a number of about 4816 digits")
    assert number_words("x" * 100).endswith("...") and len(number_words("x" * 100)) == 24


def test_read_limited(tmp_path):
    small = tmp_path / "a.txt"
    small.write_bytes(b"abc")
    assert read_limited(small, 3) == b"abc"
    with pytest.raises(FileRefused, match="too large"):
        read_limited(small, 2)
    with pytest.raises(FileRefused) as missing:
        read_limited(tmp_path / "nope", 10)
    assert missing.value.missing
    with pytest.raises(FileRefused, match="folder"):
        read_limited(tmp_path, 10)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(FileRefused, match="named pipe"):   # and never blocks
        read_limited(fifo, 10)
    with pytest.raises(FileRefused, match="a device"):
        read_limited("/dev/zero", 10)
    small.write_bytes(b"\xff")
    with pytest.raises(FileRefused, match="not UTF-8"):
        read_text_limited(small, 10)
    refused = FileRefused("is a named pipe, not a regular file; name a file")
    assert refused.about("map.yaml") == ("map.yaml: cannot be read: it is a named pipe, not a "
                                         "regular file; name a file")


@pytest.mark.parametrize("given, expected", [
    ("abc", True), ("abd", False), ("é", False), ("", False), (None, False), (b"abc", False),
    (object(), False), ("abc\udcff", False), ("ab", False),
])
def test_same_secret_never_raises(given, expected):
    assert same_secret(given, "abc") is expected


def test_access_with_non_ascii_tokens():
    access = Access(token="tok")
    assert not access.token_ok("é") and access.token_ok("tok")
    assert not access.csrf_ok("é") and access.csrf_ok(access.csrf)
