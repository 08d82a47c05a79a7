"""What a player meets first: `throne init`, `--help`, `--version`, the package layout."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import throne_pnp
from throne_pnp.cli import HELP_SECTIONS, cli
from throne_pnp.content import bundled_content_dir, check_content
from throne_pnp.content.editable import HEADERS
from throne_pnp.edition_lookup import CONTENT_FILES

REPO = Path(__file__).resolve().parent.parent
COMMANDS = tuple(cli.commands)


@pytest.fixture
def work(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("THRONE_CONTENT", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path


def _strip_header(text: str, mark: str) -> str:
    lines = text.splitlines(keepends=True)
    count = next(i for i, line in enumerate(lines) if line == f"{mark}\n") + 1
    return "".join(lines[count:])


def test_init_writes_every_file_with_a_header_and_the_bundled_text(work):
    result = CliRunner().invoke(cli, ["init"])
    assert result.exit_code == 0, result.output
    wrote = [f"wrote content/{n}" for n in CONTENT_FILES]
    assert result.output.splitlines()[:len(wrote)] == wrote
    for name in CONTENT_FILES:
        text = (work / "content" / name).read_text(encoding="utf-8")
        mark = "%" if name == "rules.txt" else "#"
        header = [f"{mark} {line}" for line in HEADERS[name]]
        assert text.splitlines()[:len(header)] == header
        assert "docs/content.md" in text.splitlines()[1]
        bundled = (bundled_content_dir() / name).read_text(encoding="utf-8")
        assert _strip_header(text, mark) == bundled
    report = check_content(work / "content")
    assert report.problems == [] and report.content is not None


def test_init_then_an_edit_is_what_the_commands_use(work):
    assert CliRunner().invoke(cli, ["init"]).exit_code == 0
    path = work / "content" / "map.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "name: Kingdom of Prydon\n", "name: Kingdom of Tests\n"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate"])
    assert result.exit_code == 0
    assert "ok — Kingdom of Tests," in result.output


def test_init_refuses_to_overwrite_and_writes_nothing(work):
    (work / "content").mkdir()
    (work / "content" / "rulings.yaml").write_text("home_lost_when: king-holds\n")
    result = CliRunner().invoke(cli, ["init"])
    assert result.exit_code == 2
    assert "content/rulings.yaml already exists" in result.output
    assert "never overwrites" in result.output
    assert sorted(p.name for p in (work / "content").iterdir()) == ["rulings.yaml"]
    assert (work / "content" / "rulings.yaml").read_text() == "home_lost_when: king-holds\n"


def test_a_second_init_refuses(work):
    runner = CliRunner()
    assert runner.invoke(cli, ["init", "mine"]).exit_code == 0
    before = {p.name: p.read_bytes() for p in (work / "mine").iterdir()}
    result = runner.invoke(cli, ["init", "mine"])
    assert result.exit_code == 2 and "mine/map.yaml already exists" in result.output
    assert {p.name: p.read_bytes() for p in (work / "mine").iterdir()} == before


def test_init_into_a_file_is_refused(work):
    (work / "taken").write_text("x")
    result = CliRunner().invoke(cli, ["init", "taken"])
    assert result.exit_code == 2 and "taken is a file, not a folder" in result.output


def test_init_into_a_folder_that_has_other_files(work):
    (work / "ed").mkdir()
    (work / "ed" / "README").write_text("mine\n")
    result = CliRunner().invoke(cli, ["init", "ed"])
    assert result.exit_code == 0
    assert "--content ed" in result.output.splitlines()[-1]
    assert (work / "ed" / "README").read_text() == "mine\n"


def test_version_is_the_package_version():
    result = CliRunner().invoke(cli, ["--version"])
    assert result.output == f"throne, version {throne_pnp.__version__}\n"
    assert re.fullmatch(r"\d+\.\d+\.\d+", throne_pnp.__version__)


def test_help_lists_every_command_once_in_sections_one_line_each():
    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    listed = [line.split()[0] for line in lines if line.startswith("  ") and
              line[2] != " " and len(line.split()) > 1 and line.split()[0].isalpha()
              and line.split()[0] in COMMANDS]
    assert sorted(listed) == sorted(COMMANDS)
    titles = [title for title, _ in HELP_SECTIONS]
    at = [lines.index(f"{title}:") for title in titles]
    assert at == sorted(at)
    assert listed[:3] == ["init", "validate", "build"]
    for line in lines:
        if line.split()[:1] and line.split()[0] in listed:
            assert not line.endswith("..."), line   # one whole line, not cut short


def test_every_section_name_is_a_command():
    for _, names in HELP_SECTIONS:
        assert set(names) <= set(COMMANDS)


def test_one_copy_of_the_edition_in_the_checkout():
    """content/ is the source; throne_pnp/edition exists only inside a wheel."""
    assert not (REPO / "throne_pnp" / "edition").exists()
    for name in CONTENT_FILES:
        assert (bundled_content_dir() / name).read_bytes() == \
            (REPO / "content" / name).read_bytes()


def test_nothing_is_written_inside_the_package(work):
    """init, validate and a build from an empty folder leave the package untouched."""
    package = Path(throne_pnp.__file__).parent
    before = {p for p in package.rglob("*") if "__pycache__" not in p.parts}
    runner = CliRunner()
    assert runner.invoke(cli, ["validate"]).exit_code == 0
    assert runner.invoke(cli, ["build", "--format", "svg"]).exit_code == 0
    assert runner.invoke(cli, ["init"]).exit_code == 0
    after = {p for p in package.rglob("*") if "__pycache__" not in p.parts}
    assert after == before
    assert (work / "output" / "svg" / "map.svg").is_file()
    shutil.rmtree(work / "output")


@pytest.mark.parametrize("doc", ["README.md", "docs/reference.md", "docs/rulings.md",
                                 "docs/content.md"])
def test_docs_link_only_to_files_in_the_repository(doc):
    text = (REPO / doc).read_text(encoding="utf-8")
    assert "SPEC" not in text and "seed/" not in text
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
        assert not re.match(r"[a-z]+:", target), f"{doc} links outside: {target}"
        assert ((REPO / doc).parent / target).exists(), f"{doc}: missing {target}"


def _package_data() -> dict[str, list[str]]:
    import tomllib

    with open(REPO / "pyproject.toml", "rb") as fh:
        return tomllib.load(fh)["tool"]["setuptools"]["package-data"]


def test_every_file_of_the_edition_is_package_data():
    """content/ -> throne_pnp/edition: each of its files matches a package-data glob."""
    globs = _package_data()["throne_pnp.edition"]
    shipped = {p for g in globs for p in (REPO / "content").glob(g)}
    assert {p for p in (REPO / "content").iterdir() if p.is_file()} <= shipped
    assert {REPO / "content" / n for n in ("map.yaml", "cards.yaml")} <= shipped


def test_every_data_file_beside_the_code_is_package_data():
    """Templates, styles...: a file under throne_pnp/ that is not Python ships in the wheel."""
    shipped = set()
    for package, globs in _package_data().items():
        if package.startswith("throne_pnp.edition"):
            continue
        folder = REPO.joinpath(*package.split("."))
        shipped |= {p for g in globs for p in folder.glob(g)}
    data = {p for p in (REPO / "throne_pnp").rglob("*")
            if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts}
    assert data <= shipped, sorted(str(p.relative_to(REPO)) for p in data - shipped)
