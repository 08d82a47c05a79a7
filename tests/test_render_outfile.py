"""Writing a component over the last build's file: exactly the new bytes, in the same file."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from throne_pnp.render.outfile import write_bytes


@given(st.binary(max_size=3000), st.binary(max_size=3000))
def test_the_file_holds_exactly_the_new_bytes(tmp_path_factory, old: bytes, new: bytes) -> None:
    path = tmp_path_factory.mktemp("out") / "sheet.svg"
    path.write_bytes(old)
    write_bytes(path, new)
    assert path.read_bytes() == new


def test_a_new_file_is_made_as_open_would(tmp_path: Path) -> None:
    write_bytes(tmp_path / "new.pdf", b"%PDF-1.6\r\n\n")
    with open(tmp_path / "plain.pdf", "wb") as out:
        out.write(b"%PDF-1.6\r\n\n")
    assert (tmp_path / "new.pdf").read_bytes() == b"%PDF-1.6\r\n\n"    # no newline changes
    mode = stat.S_IMODE(os.stat(tmp_path / "new.pdf").st_mode)
    assert mode == stat.S_IMODE(os.stat(tmp_path / "plain.pdf").st_mode)


def test_the_same_file_is_rewritten_not_replaced(tmp_path: Path) -> None:
    path = tmp_path / "cards.pdf"
    path.write_bytes(b"x" * 5000)
    os.chmod(path, 0o640)
    os.link(path, tmp_path / "linked.pdf")
    inode = os.stat(path).st_ino
    write_bytes(path, b"short")
    assert os.stat(path).st_ino == inode and stat.S_IMODE(os.stat(path).st_mode) == 0o640
    assert (tmp_path / "linked.pdf").read_bytes() == b"short"   # as truncating would
