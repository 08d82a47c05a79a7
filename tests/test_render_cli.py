"""`throne build` on the command line: files, messages, options, fast import."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from throne_pnp.cli import cli
from throne_pnp.content import default_content_dir


def test_build_writes_and_lists_files(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["build", "--out", str(tmp_path), "--paper", "a4",
                                      "--format", "pdf"])
    assert result.exit_code == 0, result.output
    for name in ("map.pdf", "cards.pdf", "rules.pdf"):
        assert (tmp_path / "a4" / name).is_file()
        assert f"wrote {tmp_path / 'a4' / name}" in result.output
    assert not (tmp_path / "letter").exists() and not (tmp_path / "svg").exists()


def test_build_fold_and_ink_saver(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["build", "--out", str(tmp_path), "--paper", "letter",
                                      "--format", "both", "--layout", "fold", "--ink-saver"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "letter" / "cards.pdf").is_file()
    assert (tmp_path / "svg" / "cards" / "back.svg").is_file()


def _undrawn_content(tmp_path: Path) -> Path:
    """A copy of the default edition whose map has no drawing data."""
    target = tmp_path / "content"
    shutil.copytree(default_content_dir(), target)
    data = yaml.safe_load((target / "map.yaml").read_text())
    data.pop("drawing")
    for terr in data["territories"].values():
        for key in ("shape", "label", "cubes"):
            terr.pop(key)
    (target / "map.yaml").write_text(yaml.safe_dump(data))
    return target


def test_map_without_drawing_still_builds_cards_and_rules(tmp_path: Path) -> None:
    content = _undrawn_content(tmp_path)
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", "--content", str(content), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "map sheet skipped" in result.output and "drawing data" in result.output
    assert (out / "a4" / "cards.pdf").is_file() and (out / "letter" / "rules.pdf").is_file()
    assert not (out / "a4" / "map.pdf").exists() and not (out / "svg" / "map.svg").exists()


def test_bad_content_is_one_clear_error(tmp_path: Path) -> None:
    target = tmp_path / "content"
    shutil.copytree(default_content_dir(), target)
    rules = target / "rules.txt"
    rules.write_text(rules.read_text() + "\nA {dragon} here.\n")
    result = CliRunner().invoke(cli, ["build", "--content", str(target), "--out",
                                      str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "unknown icon {dragon}" in result.output


def test_importing_the_cli_does_not_load_the_renderers() -> None:
    code = ("import sys, throne_pnp.cli; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('reportlab', 'svgwrite') or m.startswith('throne_pnp.render')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_watch_rebuilds_when_content_changes(tmp_path: Path, capsys) -> None:
    from throne_pnp.cli.content_cmds import _watch

    target = tmp_path / "content"
    shutil.copytree(default_content_dir(), target)
    calls = []

    def run_once() -> None:
        calls.append(1)
        if len(calls) == 1:
            rules = target / "rules.txt"
            rules.write_text(rules.read_text() + "\nOne more line.\n")
        else:
            raise KeyboardInterrupt   # what Ctrl-C does during the second build

    _watch(target, run_once, interval=0.02)
    out = capsys.readouterr().out
    assert len(calls) == 2
    assert "changed: rules.txt; rebuilding" in out and "stopped watching" in out


@pytest.mark.slow
def test_png_export_sizes_per_print_on_demand_service(tmp_path: Path) -> None:
    from PIL import Image

    expected = {None: (815, 1110), "mpc": (822, 1122), "tgc": (825, 1125)}
    for pod, size in expected.items():
        out = tmp_path / (pod or "plain")
        args = ["build", "--out", str(out), "--format", "png"] + (["--pod", pod] if pod else [])
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, result.output
        files = sorted((out / "png").glob("*.png"))
        assert len(files) == 28 and (out / "png" / "back.png") in files
        assert not (out / "a4").exists()            # png alone writes no PDFs
        for path in (files[0], files[-1], out / "png" / "back.png"):
            with Image.open(path) as image:
                assert image.size == size, (pod, path.name)
                assert round(image.info["dpi"][0]) == 300
    # 815 px at 300 dpi is 69 mm: 63 mm and 3 mm of bleed each side
    assert round(815 / 300 * 25.4, 1) == 69.0 and round(1110 / 300 * 25.4, 1) == 94.0


@pytest.mark.slow
def test_png_bleed_continues_the_card_edge(tmp_path: Path) -> None:
    from PIL import Image

    CliRunner().invoke(cli, ["build", "--out", str(tmp_path), "--format", "png", "--pod", "tgc"])
    with Image.open(tmp_path / "png" / "card-01.png") as image:
        rgb = image.convert("RGB")
        # corners and edge midpoints are frame rust, never white paper
        for x, y in ((0, 0), (824, 0), (0, 1124), (824, 1124), (412, 2), (2, 562)):
            assert rgb.getpixel((x, y)) == (0x7a, 0x34, 0x20), (x, y)


def test_pod_without_png_is_one_clear_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["build", "--out", str(tmp_path), "--pod", "mpc"])
    assert result.exit_code == 2
    assert "--format png" in result.output and "Traceback" not in result.output
    assert not tmp_path.exists() or not any(tmp_path.iterdir())


def test_png_without_the_extra_names_the_pip_command(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "pypdfium2", None)     # import now fails
    result = CliRunner().invoke(cli, ["build", "--out", str(tmp_path), "--format", "png"])
    assert result.exit_code == 2
    assert 'pip install "throne_pnp[png]"' in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "png").exists()


def test_back_option_picks_the_card_back(tmp_path: Path) -> None:
    for back in ("light", "dark"):
        out = tmp_path / back
        result = CliRunner().invoke(cli, ["build", "--out", str(out), "--paper", "a4",
                                          "--format", "svg", "--back", back])
        assert result.exit_code == 0, result.output
        svg = (out / "svg" / "cards" / "back.svg").read_text()
        assert ("#4a2013" in svg) == (back == "dark")
    bad = CliRunner().invoke(cli, ["build", "--out", str(tmp_path), "--back", "black"])
    assert bad.exit_code == 2 and "light" in bad.output and "dark" in bad.output
