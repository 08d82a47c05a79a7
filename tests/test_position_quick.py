"""The YAML-free reading of a one-line position gives exactly what YAML gives, or nothing."""

from __future__ import annotations

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from throne_pnp.cli.common import quick_position

NUMBERS = st.sampled_from(["0", "1", "2", "3", "9", "10", "03", "007", "1.5", "-1", "x"])
COLONS = st.sampled_from([": ", ":", " : ", ":  ", " :"])
COMMAS = st.sampled_from([", ", ",", " , ", ",,", " ", ""])
SIDES = st.sampled_from(["king", "player", "King", "kings", "play er"])


@st.composite
def position_texts(draw) -> str:
    def pairs() -> str:
        items = [draw(NUMBERS) + draw(COLONS) + draw(NUMBERS)
                 for _ in range(draw(st.integers(0, 4)))]
        text = "".join(item + (draw(COMMAS) if i < len(items) - 1 else "")
                       for i, item in enumerate(items))
        return "{" + text + draw(st.sampled_from(["", ",", " "])) + "}"

    sides = [draw(SIDES) + draw(COLONS) + pairs() for _ in range(draw(st.integers(0, 3)))]
    body = "".join(side + (draw(COMMAS) if i < len(sides) - 1 else "")
                   for i, side in enumerate(sides))
    return draw(st.sampled_from(["", " ", "\n"])) + "{" + body + "}" + \
        draw(st.sampled_from(["", "\n", "  # note\n", " "]))


@settings(max_examples=400, deadline=None)
@given(position_texts())
def test_quick_reading_agrees_with_yaml(text):
    quick = quick_position(text)
    if quick is None:
        return
    assert quick == yaml.safe_load(text), text


def test_the_usual_forms_are_read_without_yaml():
    assert quick_position("{king: {3: 2, 4: 1, 7: 2, 9: 2}, player: {1: 2, 2: 1, 5: 1}}\n") == \
        {"king": {3: 2, 4: 1, 7: 2, 9: 2}, "player": {1: 2, 2: 1, 5: 1}}
    assert quick_position("{player: {1: 2}, king: {}}") == {"player": {1: 2}, "king": {}}


def test_anything_unusual_goes_to_yaml():
    for text in ("{king: {3:2}}",              # YAML 1.1 reads 3:2 as the number 182
                 "{king: {03: 2}}",             # a leading zero: octal in YAML 1.1
                 "{king: {3: 2, 3: 1}}",        # a territory twice
                 "{king: {3: 2}, king: {}}",    # a side twice
                 "{king: {3: 2}} # comment",
                 "king:\n  3: 2\n",
                 '{"king": {"3": 2}}'):
        assert quick_position(text) is None, text


def test_resolve_king_on_a_warm_cache_never_imports_yaml(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    repo = Path(__file__).resolve().parent.parent
    pos = tmp_path / "pos.yaml"
    pos.write_text("{king: {3: 2, 4: 1, 7: 2, 9: 2}, player: {1: 2, 2: 1, 5: 1}}\n")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "PYTHONPATH": str(repo)}
    env.pop("THRONE_CONTENT", None)
    env.pop("THRONE_NO_CACHE", None)
    args = ["resolve", "king", "--at", str(pos), "--card", "2"]
    subprocess.run([sys.executable, "-m", "throne_pnp", *args], check=True, env=env,
                   cwd=tmp_path, capture_output=True)      # fills the cache
    code = ("import sys\nfrom throne_pnp.cli import cli\n"
            f"cli.main({args!r}, standalone_mode=False)\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'yaml'))\n")
    out = subprocess.run([sys.executable, "-c", code], check=True, env=env, cwd=tmp_path,
                         capture_output=True, text=True).stdout.splitlines()
    assert "moves 9 -> 4" in "\n".join(out) or out[0]  # the answer was printed
    assert out[-1] == "[]"


LINE_ENDS = st.sampled_from(["\n", "\n\n", " \n", "\r\n", "\t\n", ""])
STARTS = st.sampled_from(["", "", " ", "\n", "  "])


@st.composite
def two_line_texts(draw) -> str:
    """`king: {...}` / `player: {...}` on lines of their own, with the spacing,
    numbers and slips a hand-written file may have."""
    def pairs() -> str:
        items = [draw(NUMBERS) + draw(COLONS) + draw(NUMBERS)
                 for _ in range(draw(st.integers(0, 4)))]
        return "{" + ", ".join(items) + draw(st.sampled_from(["", ",", " "])) + "}"

    lines = [draw(STARTS) + draw(SIDES) + draw(COLONS) + pairs()
             for _ in range(draw(st.integers(1, 3)))]
    return draw(st.sampled_from(["", "\n"])) + "".join(
        line + draw(LINE_ENDS) for line in lines)


@settings(max_examples=600, deadline=None)
@given(two_line_texts())
def test_quick_two_line_reading_agrees_with_yaml(text):
    quick = quick_position(text)
    if quick is None:
        return
    assert quick == yaml.safe_load(text), text


def test_the_usual_two_line_file_is_read_without_yaml():
    text = "king: {3: 2, 4: 1, 7: 2, 9: 2}\nplayer: {1: 2, 2: 1, 5: 1}\n"
    assert quick_position(text) == {"king": {3: 2, 4: 1, 7: 2, 9: 2},
                                    "player": {1: 2, 2: 1, 5: 1}}
    assert quick_position("king: {3: 2}\nking: {4: 1}\n") is None       # a side twice
    assert quick_position("king: {3:2}\nplayer: {1: 2}\n") is None      # YAML's 182
    assert quick_position("  king: {3: 2}\nplayer: {1: 2}\n") is None   # not one mapping
