"""Fuzz families for the files the user owns (SPEC §12, issue 28): strategies and judges.

- outputs: a writing command's output (`show --svg`, `simulate --plot`/`--doc`,
  `recover --out`, `build --out`, `init`, `new --force --game`, `--write-ladder`)
  pointed at the save, another save, an edition's file, the bundled edition or
  the package, directly or through links; a refused one must leave every file
  as it was and make no file at all (no temporary file, no lock file).
- links: the save reached through links (relative, absolute, a chain, a linked
  folder, a dangling one), the lock file's place holding a planted link, a
  pipe or a folder, or a `--game` that holds no save; the link must stay, the
  write land on the target, no lock file be made through a link or beside a
  non-save, and no planted link ever followed.
- fsize: a writing command in a real process under a file-size limit (SIGXFSZ
  ignored): the old file stays whole, no temporary file is left, a success
  is a whole file.
- drop: a real `throne serve`; clients send part of a POST body (or a bad
  Host) and leave: no traceback on the server's terminal, never a 5xx, and
  the server still answers (in `fuzz_drop`).
"""

from __future__ import annotations

import hashlib
import json
import os
import resource
import signal
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

from fuzz_drop import drop_cases, run_drop, stop_servers  # noqa: F401 (re-exported)
from fuzz_harness import BUNDLED, ROOT, Workspace, problem_line
from hypothesis import strategies as st

PACKAGE = ROOT / "throne_pnp"


def _same_checkout() -> None:
    """These families write beside the package on purpose: they must test this
    checkout's code (an installed throne_pnp elsewhere would not be the one guarded)."""
    import throne_pnp

    if Path(throne_pnp.__file__).resolve().parent != PACKAGE.resolve():
        raise RuntimeError(f"throne_pnp is imported from {throne_pnp.__file__}, not from "
                           f"{PACKAGE}: run with PYTHONPATH={ROOT}")


_same_checkout()
TARGETS = ("save", "other_save", "content", "bundled", "package_new", "package_file",
           "package_dir_new", "fresh")
VIAS = ("direct", "link", "chain", "dirlink", "abslink")
CONTENT_NAMES = ("map.yaml", "cards.yaml", "rulings.yaml", "rules.txt", "examples.yaml",
                 "ladder.yaml")
PACKAGE_FILES = ("__init__.py", "errors.py", "web/static/table.css", "edition/map.yaml")
OUTPUT_COMMANDS = ("show", "plot", "doc", "recover", "build", "init", "new", "ladder",
                   "ladder_bundled")

outputs_cases = st.fixed_dictionaries({
    "command": st.sampled_from(OUTPUT_COMMANDS),
    "target": st.sampled_from(TARGETS),
    "via": st.sampled_from(VIAS),
    "name": st.sampled_from(CONTENT_NAMES),
    "package": st.sampled_from(PACKAGE_FILES),
    "damaged": st.booleans(),
})

LINK_LAYOUTS = ("link", "abslink", "chain", "dirlink", "dangling", "plain", "nonsave_text",
                "nonsave_empty", "nonsave_binary", "link_to_nonsave")
LOCKS = ("none", "link_victim", "link_devnull", "link_dir", "link_save", "fifo", "dir",
         "file")
LINK_COMMANDS = (("status",), ("card", "HAND"), ("undo",), ("fix", "1", "--player", "2"),
                 ("new", "--force", "--seed", "2"), ("recover",), ("hand", "HAND"),
                 ("move", "1", "1", "2"), ("log",), ("show",))

links_cases = st.fixed_dictionaries({
    "layout": st.sampled_from(LINK_LAYOUTS),
    "lock": st.sampled_from(LOCKS),
    "command": st.sampled_from(LINK_COMMANDS),
    "played": st.booleans(),
})

FSIZE_COMMANDS = ("show", "plot", "build", "card", "undo", "new", "init", "recover", "tts_json")
fsize_cases = st.fixed_dictionaries({
    "command": st.sampled_from(FSIZE_COMMANDS),
    "limit": st.one_of(st.integers(0, 4096), st.integers(4096, 200_000)),
})

STRATEGIES = {"outputs": outputs_cases, "links": links_cases, "fsize": fsize_cases,
              "drop": drop_cases}


# ------------------------------------------------------------------ snapshots

def digest(path: Path) -> str | None:
    """What is at `path`, never read through a link or from a pipe or a device."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"error:{exc.errno}"
    if stat.S_ISLNK(info.st_mode):
        return "link:" + os.readlink(path)
    if stat.S_ISDIR(info.st_mode):
        return "dir"
    if not stat.S_ISREG(info.st_mode):
        return f"special:{stat.S_IFMT(info.st_mode)}"
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest() + f":{info.st_mode & 0o7777:o}"
    except OSError as exc:
        return f"error:{exc.errno}"


def tree(folder: Path) -> dict[str, str | None]:
    """Every entry under `folder` (links not followed) with its digest."""
    out: dict[str, str | None] = {}
    if not folder.exists():
        return out
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            out[str(path.relative_to(folder))] = digest(path)
    return out


_guarded: dict[str, dict[str, str | None]] = {}


def guarded_trees() -> dict[str, dict[str, str | None]]:
    """The package folder and the bundled edition, as they must stay."""
    return {"package": tree(PACKAGE), "bundled": tree(BUNDLED)}


def _restore(changed: dict[str, dict[str, str | None]], before: dict) -> None:
    """Put back what a failing case changed in the checkout (from git)."""
    for root_name, entries in changed.items():
        root = PACKAGE if root_name == "package" else BUNDLED
        for rel in entries:
            path = root / rel
            if rel not in before[root_name]:
                if path.is_file() or path.is_symlink():
                    path.unlink()
            else:
                subprocess.run(["git", "checkout", "--", str(path)], cwd=ROOT,
                               capture_output=True)


def _diff(before: dict, after: dict) -> dict[str, dict[str, str | None]]:
    out = {}
    for key in before:
        changed = {k: v for k, v in after[key].items() if before[key].get(k) != v}
        changed.update({k: None for k in before[key] if k not in after[key]})
        if changed:
            out[key] = changed
    return out


# ------------------------------------------------------------------ outputs

def _target(case: dict, folder: Path) -> tuple[Path, str]:
    """(path to pass, kind of target) for an outputs case, made in `folder`."""
    kind = case["target"]
    real = {
        "save": folder / "throne-game.json",
        "other_save": folder / "g2.json",
        "content": folder / "ed" / case["name"],
        "bundled": BUNDLED / case["name"],
        "package_new": PACKAGE / "fuzz-out.svg",
        "package_file": PACKAGE / case["package"],
        "package_dir_new": PACKAGE / "web" / "fuzz-out.json",
        "fresh": folder / "fresh.svg",
    }[kind]
    if case["command"] in ("build", "init", "ladder"):
        real = real.parent if kind != "fresh" else folder / "fresh-out"
        if case["command"] == "ladder" and kind == "fresh":
            real = folder / "ed"          # the user's own edition: its job
    via = case["via"]
    if via == "direct":
        return real, kind
    if via == "dirlink":
        (folder / "dl").symlink_to(real.parent)
        return folder / "dl" / real.name, kind
    if via == "chain":
        (folder / "l2").symlink_to(real)
        (folder / "l1.svg").symlink_to("l2")
        return folder / "l1.svg", kind
    link = folder / "l.svg"
    link.symlink_to(real if via == "abslink" else os.path.relpath(real, folder))
    return link, kind


def _output_args(case: dict, path: Path) -> list[str]:
    p = str(path)
    return {
        "show": ["show", "--svg", p],
        "plot": ["simulate", "--games", "1", "--plot", p],
        "doc": ["simulate", "--games", "1", "--sweep", "--ladder", "--write-ladder", "--doc", p,
                "--content", "ed"],
        "recover": ["recover", "--out", p],
        "build": ["build", "--format", "svg", "--paper", "a4", "--out", p],
        "init": ["init", p],
        "new": ["new", "--force", "--seed", "1", "--game", p],
        "ladder": ["simulate", "--games", "1", "--sweep", "--ladder", "--write-ladder",
                   "--content", p],
        "ladder_bundled": ["simulate", "--games", "1", "--sweep", "--ladder", "--write-ladder"],
    }[case["command"]]


def run_outputs(case: dict, ws: Workspace) -> list[str]:
    folder = ws.fresh("outputs")
    save = folder / "throne-game.json"
    save.write_bytes(ws.base_save() if not case["damaged"] else ws.base_save()[:-40])
    (folder / "g2.json").write_bytes(ws.base_save())
    (folder / "ed").mkdir()
    for name in CONTENT_NAMES:
        (folder / "ed" / name).write_bytes((BUNDLED / name).read_bytes())
    if case["command"] == "ladder" and case["target"] == "bundled":
        case = {**case, "command": "ladder_bundled"}   # (--content of the checkout: its own)
    path, kind = _target(case, folder)
    args = _output_args(case, path)
    before_here = tree(folder)
    before = guarded_trees()
    code, out, problem = ws.invoke(args, folder)
    after = guarded_trees()
    problems = []
    if problem:
        problems.append(problem_line("outputs", case, problem, args))
    changed = _diff(before, after)
    if changed:
        problems.append(problem_line("outputs", case, f"the package or the bundled edition "
                                     f"changed: {sorted(changed.get('package', {}))[:5]} "
                                     f"{sorted(changed.get('bundled', {}))[:5]}", args))
        _restore(changed, before)
    after_here = tree(folder)
    if must_refuse(case["command"], kind) and code != 2 and not problem:
        problems.append(problem_line("outputs", case, f"a protected target was not refused "
                                     f"(exit {code}): {out.strip()[-300:]}", args))
    if code == 2:
        if len(out.strip().splitlines()) != 1 and "Error: the content has" not in out:
            problems.append(problem_line("outputs", case, f"refusal not one line: "
                                         f"{out.strip()[-400:]}", args))
        if after_here != before_here:
            new = sorted(k for k in set(after_here) | set(before_here)
                         if after_here.get(k) != before_here.get(k))
            problems.append(problem_line("outputs", case, f"a refused command changed "
                                         f"files: {new[:6]}", args))
    elif code == 0:
        stray = [k for k in set(after_here) | set(before_here)
                 if after_here.get(k) != before_here.get(k)
                 and not _expected_new(k, case, path, folder)]
        if stray:
            problems.append(problem_line("outputs", case, f"wrote outside the named path: "
                                         f"{sorted(stray)[:6]}", args))
    return problems


def must_refuse(command: str, kind: str) -> bool:
    """Must this command refuse an output of this kind (SPEC §12)?"""
    if command == "ladder_bundled" or kind in ("bundled", "package_new", "package_file",
                                               "package_dir_new"):
        return True
    if kind == "content":
        return command not in ("build", "ladder")
    if kind in ("save", "other_save"):
        return command in ("show", "plot", "doc")
    return False


def _expected_new(rel: str, case: dict, path: Path, folder: Path) -> bool:
    """May a successful command have made or changed `rel` (under the case folder)?"""
    named = Path(os.path.realpath(path))
    if named == Path(os.path.realpath(folder)):
        return True                  # the folder itself was named (`init DIR`, `build --out`)
    try:
        named_rel = str(named.relative_to(folder))
    except ValueError:
        named_rel = ""
    if named_rel and (rel == named_rel or rel.startswith(named_rel + "/")):
        return True
    if case["command"] in ("ladder", "doc") and rel == "ed/ladder.yaml":
        return True
    first = rel.split("/", 1)[0]
    return rel.endswith(f".{named.name}.lock") or first in ("st", "cache")


# ------------------------------------------------------------------ links

def run_links(case: dict, ws: Workspace) -> list[str]:
    folder = ws.fresh("links")
    real_dir = folder / "real"
    real_dir.mkdir()
    real = real_dir / "save.json"
    layout = case["layout"]
    base = ws.base_save()
    if layout.startswith("nonsave") or layout == "link_to_nonsave":
        real.write_bytes({"nonsave_empty": b"", "nonsave_binary": bytes(range(256))}.get(
            layout, b"my shopping list\n"))
    elif layout != "dangling":
        real.write_bytes(base)
    if layout in ("plain", "nonsave_text", "nonsave_empty", "nonsave_binary"):
        game = real
    elif layout == "chain":
        (folder / "mid.json").symlink_to("real/save.json")
        game = folder / "g.json"
        game.symlink_to("mid.json")
    elif layout == "dirlink":
        (folder / "dl").symlink_to("real")
        game = folder / "dl" / "save.json"
    else:
        game = folder / "g.json"
        game.symlink_to(real if layout == "abslink" else "real/save.json")
    victim = folder / "victim"
    lock = real_dir / ".save.json.lock"
    planted = case["lock"]
    if planted.startswith("link_"):
        lock.symlink_to({"link_victim": victim, "link_devnull": Path("/dev/null"),
                         "link_dir": folder, "link_save": real}[planted])
    elif planted == "fifo":
        os.mkfifo(lock)
    elif planted == "dir":
        lock.mkdir()
    elif planted == "file":
        lock.write_text("")
    words = list(case["command"])
    if "HAND" in words:
        try:
            hand = json.loads(real.read_text()).get("commands") is not None
        except (OSError, ValueError):
            hand = False
        words[words.index("HAND")] = "3" if not hand else "7"
    args = [*words, "--game", str(game)]
    links_before = {p: os.readlink(p) for p in folder.rglob("*") if p.is_symlink()}
    before = tree(folder)
    code, out, problem = ws.invoke(args, folder)
    after = tree(folder)
    problems = []
    if problem:
        problems.append(problem_line("links", case, problem, args))
    links_after = {p: os.readlink(p) for p in folder.rglob("*") if p.is_symlink()}
    if links_after != links_before:
        problems.append(problem_line("links", case, "a link was replaced or removed", args))
    if victim.exists() and planted == "link_victim":
        problems.append(problem_line("links", case, "a planted lock link was followed", args))
    if not Path("/dev/null").is_char_device():
        problems.append(problem_line("links", case, "/dev/null was replaced", args))
    for rel in set(after) - set(before):
        name = rel.rsplit("/", 1)[-1]
        if name.endswith(".lock") and rel != "real/.save.json.lock":
            problems.append(problem_line("links", case, f"a lock file beside a link: {rel}",
                                         args))
        if name.endswith(".tmp"):
            problems.append(problem_line("links", case, f"a temporary file left: {rel}",
                                         args))
    nonsave = layout.startswith("nonsave") or layout == "link_to_nonsave"
    if nonsave and words[0] != "new" and "real/.save.json.lock" in set(after) - set(before):
        problems.append(problem_line("links", case, "a lock file beside a non-save", args))
    if "real/.save.json.lock" in after and not nonsave and planted == "none":
        before.setdefault("real/.save.json.lock", after["real/.save.json.lock"])  # (a save's)
    if code == 2 and after != before:
        problems.append(problem_line("links", case, "a refused command changed files: " + str(
            sorted(k for k in set(after) | set(before) if after.get(k) != before.get(k))[:5]),
            args))
    if code == 0 and real.exists() and not nonsave:
        try:
            json.loads(real.read_text())
        except ValueError:
            problems.append(problem_line("links", case, "the target is no longer a save", args))
    return problems


# ------------------------------------------------------------------ fsize

def _capped(limit: int):
    def cap() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return cap


def run_fsize(case: dict, ws: Workspace) -> list[str]:
    folder = ws.fresh("fsize")
    save = folder / "throne-game.json"
    save.write_bytes(ws.base_save())
    old = b"<svg>" + b"x" * 9000 + b"</svg>\n"
    command = case["command"]
    target = {"show": folder / "out.svg", "plot": folder / "out.svg",
              "build": folder / "out" / "svg" / "map.svg", "card": save, "undo": save,
              "new": save, "init": folder / "ed2" / "map.yaml",
              "recover": folder / "kept.json",
              "tts_json": folder / "out" / "svg" / "guide.svg"}[command]
    if command not in ("card", "undo", "new", "init", "recover"):
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(old)
    args = {"show": ["show", "--svg", "out.svg"],
            "plot": ["simulate", "--games", "1", "--sweep", "--plot", "out.svg"],
            "build": ["build", "--format", "svg", "--paper", "a4", "--out", "out"],
            "tts_json": ["build", "--format", "svg", "--paper", "a4", "--out", "out"],
            "card": ["card", "7"], "undo": ["undo"], "new": ["new", "--force", "--seed", "4"],
            "init": ["init", "ed2"], "recover": ["recover", "--out", "kept.json"]}[command]
    before = digest(target)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1",
           "XDG_STATE_HOME": str(folder / "st"), "COLUMNS": "100"}
    env.pop("THRONE_CONTENT", None)
    env.pop("THRONE_GAME", None)
    problems = []
    try:
        result = subprocess.run([sys.executable, "-m", "throne_pnp", *args], cwd=folder,
                                env=env, capture_output=True, text=True, timeout=120,
                                preexec_fn=_capped(case["limit"]), stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return [problem_line("fsize", case, "hang: still running after 120 s", args)]
    if "Traceback" in result.stderr or result.returncode not in (0, 2):
        problems.append(problem_line("fsize", case, f"traceback or exit {result.returncode}: "
                                     f"{result.stderr[-1500:]}", args))
    if result.returncode == 2:
        if len(result.stderr.strip().splitlines()) != 1:
            problems.append(problem_line("fsize", case, f"refusal not one line: "
                                         f"{result.stderr[-600:]}", args))
        if digest(target) != before:
            problems.append(problem_line("fsize", case, "a failed write changed the old file",
                                         args))
    elif result.returncode == 0 and target.exists():
        data = target.read_bytes()
        whole = (data.rstrip().endswith(b"</svg>") if target.suffix == ".svg"
                 else _json_ok(data) if target.suffix == ".json" else len(data) > 0)
        if not whole:
            problems.append(problem_line("fsize", case, "a success left a partial file", args))
    left = [str(p.relative_to(folder)) for p in folder.rglob("*.tmp")]
    if left:
        problems.append(problem_line("fsize", case, f"temporary files left: {left[:4]}", args))
    return problems


def _json_ok(data: bytes) -> bool:
    try:
        json.loads(data)
        return True
    except ValueError:
        return False


RUNNERS = {"outputs": run_outputs, "links": run_links, "fsize": run_fsize, "drop": run_drop}


def case_note(case: dict[str, Any]) -> str:
    return json.dumps(case, sort_keys=True)
