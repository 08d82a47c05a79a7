"""How each of the five kinds of fuzz case is run and judged (see `fuzz_harness`).

- content: an edition with edits; `validate`, and when it accepts, `build`
  (SVG, A4), `new`, `show --svg`, `simulate --games 2` and `resolve` must
  all succeed without a `nan`/`inf` in what they draw; when it refuses, a
  command reading the content must refuse too (exit 2), never crash.
- save: a save file with edits, then one command that reads it.
- args: any command line, in a folder holding a real save.
- position: a position file, then a command that reads one.
- web: one request to the table page, with any fields, encoding, cookie.
- outputs, links, fsize, drop: the files the user owns (SPEC §12), see `fuzz_owned`.

Text in a case may hold tokens for inputs too long to keep in a corpus file:
@@HUGEHEX@@ (0x and 4,000 f), @@HUGEDEC@@ (5,000 digits), @@LONG@@ (32,000
characters), @@DEEP@@ (100,000 nested lists), @@ICONS@@ (200 lines of 100 icons).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

from fuzz_harness import BUNDLED, CONTENT_FILES, Workspace, problem_line

TOKENS = {
    "@@HUGEHEX@@": "0x" + "f" * 4000,
    "@@HUGEDEC@@": "9" * 5000,
    "@@LONG@@": "x" * 32000,
    "@@DEEP@@": "[" * 100_000 + "]" * 100_000,
    "@@ICONS@@": "\n".join(["{banner}" * 100] * 200),
}
NAN = re.compile(r"(?<![A-Za-z_])(?:nan|inf)(?![A-Za-z_])", re.I)
SPECIALS = ("zero", "null", "fifo", "dir", "huge", "binary", "missing")


# Raw placeholders of the generators (fuzz_strategies.RAW): in YAML and in JSON.
RAW_YAML = {"ZZHUGEHEXZZ": TOKENS["@@HUGEHEX@@"], "ZZHUGEDECZZ": TOKENS["@@HUGEDEC@@"],
            "ZZDEEPZZ": TOKENS["@@DEEP@@"], "ZZINFZZ": ".inf", "ZZNANZZ": ".nan"}
RAW_JSON = {"ZZHUGEHEXZZ": "1" + "0" * 4500, "ZZHUGEDECZZ": TOKENS["@@HUGEDEC@@"],
            "ZZDEEPZZ": TOKENS["@@DEEP@@"], "ZZINFZZ": "Infinity", "ZZNANZZ": "NaN"}


def expand_tokens(text: str) -> str:
    for token, value in TOKENS.items():
        if token in text:
            text = text.replace(token, value)
    for token, value in RAW_YAML.items():
        if token in text:
            text = text.replace(token, value)
    return text


def apply_ops(text: str, ops: list) -> str:
    """A save's text after generated operations on its JSON (see fuzz_strategies)."""
    data = json.loads(text)
    for op in ops:
        if op[0] in ("set", "del"):
            node, path = data, op[1]
            for key in path[:-1]:
                try:
                    node = node[key]
                except (KeyError, IndexError, TypeError):
                    break
            else:
                try:
                    if op[0] == "set":
                        node[path[-1]] = op[2]
                    else:
                        del node[path[-1]]
                except (KeyError, IndexError, TypeError):
                    pass
        elif op[0] == "action":
            listed = data.get(op[1]) if isinstance(data, dict) else None
            if isinstance(listed, list):
                item = [op[3]] if op[1] == "commands" else op[3]
                if op[2] < len(listed):
                    listed[op[2]] = item
                else:
                    listed.append(item)
    out = json.dumps(data, ensure_ascii=False, indent=1, default=str)
    for op in ops:
        if op[0] == "text":
            at = min(op[1], len(out))
            out = out[:at] + op[2] + out[at + op[3]:]
    for token, value in RAW_JSON.items():
        out = out.replace(f'"{token}"', value).replace(token, value)
    return expand_tokens(out)


def _apply(text: str, spec: Any) -> str | None:
    """A file's text after `spec`: a full text, {"edits": [[old, new], ...]},
    {"ops": [...]} (a save's JSON), None."""
    if isinstance(spec, str):
        return expand_tokens(spec)
    if "ops" in spec:
        return apply_ops(text, spec["ops"])
    for old, new in spec.get("edits", []):
        text = text.replace(old, expand_tokens(new), 1) if old else expand_tokens(new) + text
    return text


def place(path: Path, spec: Any, ws: Workspace, default: str) -> None:
    """Write `path` as `spec` says: text, edits of `default`, or a special file."""
    if isinstance(spec, dict) and "special" in spec:
        special = spec["special"]
        if special == "remove":
            return
        if special == "empty":
            path.write_text("")
            return
        target = ws.special[special]
        if special == "dir":
            path.mkdir()
        elif special in ("zero", "null", "fifo", "missing"):
            path.symlink_to(target)
        elif special == "binary":
            shutil.copyfile(target, path)
        else:
            path.symlink_to(target)
        return
    text = _apply(default, spec)
    if text is not None:
        path.write_bytes(text.encode("utf-8", "surrogatepass"))


def make_content(case: dict, ws: Workspace) -> Path:
    folder = ws.fresh("content") / "content"
    folder.mkdir()
    files = case.get("files", {})
    for name in CONTENT_FILES:
        default = (BUNDLED / name).read_text(encoding="utf-8")
        place(folder / name, files.get(name, {"edits": []}), ws, default)
    return folder


def _drawn_files(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*.svg")] if folder.exists() else []


def run_content(case: dict, ws: Workspace) -> list[str]:
    content = make_content(case, ws)
    here = content.parent
    problems = []

    def go(args: list[str], want: tuple[int, ...] = (0, 2)) -> int:
        code, out, problem = ws.invoke([*args, "--content", str(content)], here)
        if problem is None and code not in want:
            problem = f"exit {code} where {want} was expected: {out.strip()[-400:]}"
        if problem:
            problems.append(problem_line("content", case, problem, args))
        return code

    code = go(["validate"])
    if code != 0:
        go([case.get("then", "new"), "--game", str(here / "g.json")]
           if case.get("then", "new") == "new" else [case["then"]], want=(2,))
        return problems
    out = here / "out"
    go(["build", "--format", "svg", "--paper", "a4", "--out", str(out)], want=(0,))
    if go(["new", "--game", str(here / "g.json"), "--seed", "1"], want=(0,)) == 0:
        go(["show", "--svg", str(out / "board.svg"), "--game", str(here / "g.json")], want=(0,))
    go(["simulate", "--games", "2", "--jobs", "1"], want=(0,))
    pos = here / "pos.yaml"
    pos.write_text("{}\n")
    go(["resolve", "king", "--at", str(pos), "--action", "rally"])
    for svg in _drawn_files(out):
        found = NAN.search(svg.read_text(encoding="utf-8", errors="replace"))
        if found:
            problems.append(problem_line("content", case, f"{found.group(0)} drawn in {svg.name}"))
            break
    return problems


SAVE_NAME = "throne-game.json"


def run_save(case: dict, ws: Workspace) -> list[str]:
    folder = ws.fresh("save")
    game = folder / SAVE_NAME
    base = ws.base_save().decode("utf-8")
    place(game, case.get("save", {"edits": []}), ws, base)
    before = snapshot(game)
    args = [ws.expand(a, {"out": folder / "out.json", "game": game}) for a in case["command"]]
    code, out, problem = ws.invoke([*args, "--game", str(game)], folder,
                                   input=case.get("input", "quit\n"))
    problems = []
    if problem:
        problems.append(problem_line("save", case, problem, args))
    elif (code == 2 or args[0] == "recover") and snapshot(game) != before:
        problems.append(problem_line("save", case, "a refused command changed the save", args))
    return problems


def clear(path: Path) -> None:
    """Remove whatever is at `path` (a file, a link, a folder)."""
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)


def snapshot(path: Path) -> bytes | str | None:
    if path.is_symlink():
        return "link:" + str(path.readlink())
    if path.is_file():
        return path.read_bytes()
    return "dir" if path.is_dir() else None


def run_args(case: dict, ws: Workspace) -> list[str]:
    folder = ws.fresh("args")
    game = folder / SAVE_NAME
    game.write_bytes(ws.base_save())
    (folder / "pos.yaml").write_text("{king: {3: 2}, player: {1: 2}}\n")
    names = {"game": game, "out": folder / "out", "pos": folder / "pos.yaml"}
    args = [ws.expand(a, names) for a in case["args"]]
    before = game.read_bytes()
    code, out, problem = ws.invoke(args, folder, input=case.get("input", "quit\n"))
    problems = []
    if problem:
        problems.append(problem_line("args", case, problem, args))
    elif code == 2 and game.exists() and game.read_bytes() != before:
        problems.append(problem_line("args", case, "a refused command changed the save", args))
    return problems


def run_position(case: dict, ws: Workspace) -> list[str]:
    folder = ws.fresh("position")
    pos = folder / "pos.yaml"
    place(pos, case.get("position", ""), ws, "")
    game = folder / SAVE_NAME
    game.write_bytes(ws.base_save())
    before = game.read_bytes()
    args = [ws.expand(a, {"pos": pos, "game": game, "out": folder / "new.json"})
            for a in case["command"]]
    code, out, problem = ws.invoke(args, folder)
    problems = []
    if problem:
        problems.append(problem_line("position", case, problem, args))
    elif game.read_bytes() != before:
        problems.append(problem_line("position", case, "the save changed", args))
    return problems


def run_web(case: dict, ws: Workspace) -> list[str]:
    from fuzz_web import run_request

    return run_request(case, ws)


RUNNERS = {"content": run_content, "save": run_save, "args": run_args,
           "position": run_position, "web": run_web}


def _owned() -> None:
    """The families of the files the user owns (`fuzz_owned`): outputs, links, fsize, drop."""
    from fuzz_owned import RUNNERS as OWNED

    RUNNERS.update(OWNED)


_owned()
