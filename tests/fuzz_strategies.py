"""Hypothesis strategies for the five kinds of fuzz case (run by `fuzz_kinds`).

Each strategy draws a JSON-able case. Mutations start from real inputs (the
bundled edition, a real save, the usual position) and change one to three
things: a value anywhere in the parsed file replaced by a hostile one, a key
removed, a value copied from elsewhere in the same file (near misses: a
repeated point, a shared shape), raw text cut or spliced, or the whole file
replaced by a pipe, a device, a folder or a huge file. Command lines come
from click's own command tree, so a new command or option is fuzzed as soon
as it exists.
"""

from __future__ import annotations

import json
from typing import Any

import click
import yaml
from fuzz_harness import BUNDLED
from hypothesis import strategies as st

from throne_pnp.cli import cli

# Placeholders that become raw text after dumping (numbers, nesting) - see fuzz_kinds.TOKENS.
RAW = ("ZZHUGEHEXZZ", "ZZHUGEDECZZ", "ZZDEEPZZ", "ZZINFZZ", "ZZNANZZ")
ODD_TEXT = ["²", "①", "፩", "٣", "", " ", "1e3", "0x10", "-1", "1_000", "+3", " 7 ", "é", "\x00",
            "\ufeff", "@@LONG@@", "null", "true", "3,", ",", "1,,2", "99999999999999999999",
            "{banner}", "{nope}", "\u202e", "\ud800"]
INTS = st.one_of(st.integers(-3, 40), st.integers(-2**70, 2**70),
                 st.sampled_from([0, -1, 2**31, 2**63, 10**12 + 1, 999, 1000]))
SCALARS = st.one_of(
    INTS, st.floats(allow_nan=True, allow_infinity=True), st.booleans(), st.none(),
    st.text(max_size=10), st.sampled_from(ODD_TEXT), st.sampled_from(RAW),
)
VALUES = st.recursive(
    SCALARS, lambda kids: st.one_of(st.lists(kids, max_size=4),
                                    st.dictionaries(st.one_of(st.text(max_size=6), INTS),
                                                    kids, max_size=3)), max_leaves=6)
SPECIAL = st.sampled_from(["zero", "fifo", "huge", "dir", "binary", "empty", "remove", "null"])
SNIPPETS = st.one_of(st.sampled_from(
    ["\t", ":", ": ", "- ", "{", "}", "[", "]", "&a ", "*a", "!!python/object/apply:os.system",
     "\x00", "\ufeff", "é", "ZZHUGEDECZZ", "ZZHUGEHEXZZ", "\n  ", "\n", "#", "'", '"', "? ",
     "!!binary", "<<: *a", ".inf", ".nan", "{banner}", "{crown}" * 50, "%YAML 1.1\n---\n"]),
    st.text(max_size=6))


def _paths(data: Any, prefix: tuple = ()) -> list[tuple]:
    """Every key path in parsed YAML/JSON data (the root excluded)."""
    out = []
    if isinstance(data, dict):
        for key, value in data.items():
            out.append((*prefix, key))
            out.extend(_paths(value, (*prefix, key)))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out.append((*prefix, i))
            out.extend(_paths(value, (*prefix, i)))
    return out


def _get(data: Any, path: tuple) -> Any:
    for key in path:
        data = data[key]
    return data


def _mutate_data(draw: Any, data: Any) -> Any:
    """One change to parsed data: set, delete, copy or duplicate somewhere."""
    paths = _paths(data)
    if not paths:
        return draw(VALUES)
    path = draw(st.sampled_from(paths))
    parent = _get(data, path[:-1])
    key = path[-1]
    op = draw(st.sampled_from(["set", "set", "delete", "copy", "copy", "dup"] + ["near"] * 6))
    if op == "near":
        parent[key] = _near(draw, parent[key], data)
    elif op == "set":
        parent[key] = draw(VALUES)
    elif op == "delete":
        del parent[key]
    elif op == "copy":
        parent[key] = json.loads(json.dumps(_get(data, draw(st.sampled_from(paths)))))
    elif isinstance(parent, list):
        parent.insert(key, json.loads(json.dumps(parent[key])))
    else:
        parent[key] = [parent[key], parent[key]]
    return data


NAMES = st.one_of(st.text(min_size=1, max_size=60), st.sampled_from([
    "👑 Crown", "שלום", "é", "‮evil", "​", "a\tb",
    "x" * 200, "W" * 200, "W " * 100, "中文名", "<&>'\"", "%PDF", "{banner}", "\\", "]]>"]))


def _strings(data: Any) -> list[str]:
    return [v for path in _paths(data) if isinstance(v := _get(data, path), str)] or ["x"]


def _near(draw: Any, value: Any, data: Any) -> Any:
    """A value of the same type as `value`, close to valid: the near misses that
    `validate` must judge as the renderers and the engine will."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return draw(st.one_of(st.integers(value - 3, value + 3),
                              st.sampled_from([0, 1, 2, 99, 999, 1000, 10**6])))
    if isinstance(value, float):
        return draw(st.floats(-5, 300, allow_nan=False))
    if isinstance(value, str):
        return draw(st.one_of(st.sampled_from(_strings(data)), NAMES))
    if isinstance(value, list) and value:
        how = draw(st.sampled_from(["repeat", "drop", "reverse", "swap", "short", "number"]))
        out = list(value)
        i = draw(st.integers(0, len(out) - 1))
        if how == "repeat":
            out.insert(i, out[draw(st.integers(0, len(out) - 1))])
        elif how == "drop":
            del out[i]
        elif how == "reverse":
            out.reverse()
        elif how == "swap":
            out[i] = _near(draw, out[i], data)
        elif how == "short":
            out = out[:draw(st.integers(0, 3))]
        else:
            out[i] = draw(st.floats(-5, 300, allow_nan=False)) if isinstance(out[i], int | float) \
                else out[i]
        return out
    return value


def _mutate_text(draw: Any, text: str) -> str:
    if not text:
        return draw(SNIPPETS)
    at = draw(st.integers(0, len(text)))
    op = draw(st.sampled_from(["insert", "insert", "delete", "cut"]))
    if op == "insert":
        return text[:at] + draw(SNIPPETS) + text[at:]
    if op == "delete":
        return text[:at] + text[at + draw(st.integers(1, 40)):]
    return text[:at]


def _yaml(data: Any) -> str:
    """YAML text of `data` (RAW tokens stay plain scalars: fuzz_kinds expands them)."""
    try:
        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=200)
    except (yaml.YAMLError, ValueError, UnicodeEncodeError):
        return json.dumps(data, default=str)   # (a lone surrogate in a key, say)


_BUNDLED_DATA = {name: yaml.safe_load((BUNDLED / name).read_text(encoding="utf-8"))
                 for name in ("map.yaml", "cards.yaml", "rulings.yaml")}


@st.composite
def content_cases(draw: Any) -> dict:
    files: dict[str, Any] = {}
    data = json.loads(json.dumps(_BUNDLED_DATA))
    texts: dict[str, str] = {}
    for _ in range(draw(st.integers(1, 3))):
        name = draw(st.sampled_from(["map.yaml"] * 5 + ["cards.yaml"] * 3 +
                                    ["rulings.yaml", "rules.txt"]))
        how = draw(st.sampled_from(["data"] * 6 + ["text", "special"]))
        if how == "special":
            files[name] = {"special": draw(SPECIAL)}
        elif name == "rules.txt" or how == "text":
            base = texts.get(name) or (BUNDLED / name).read_text(encoding="utf-8")
            texts[name] = _mutate_text(draw, base)
        else:
            data[name] = _mutate_data(draw, data[name])
            texts[name] = _yaml(data[name])
    for name, text in texts.items():
        files.setdefault(name, text)
    return {"files": files, "then": draw(st.sampled_from(["new", "simulate", "build"]))}


SAVE_KEYS = ["format", "version", "content", "mode", "seed", "cards", "hard", "start",
             "opening", "said", "commands"]
ACTION_WORDS = ["card", "battle", "move", "rally", "withdraw", "hand", "fixcards", "deal",
                "done", "fix", "x", ""]
ACTION_ARGS = st.one_of(st.integers(0, 30).map(str), st.sampled_from(ODD_TEXT + [
    "king=3", "player=1", "hand=1,2", "discard=-", "ZZHUGEDECZZ", "1,2,3", "-"]))
ACTION_TEXT = st.builds(lambda w, a: " ".join([w, *a]), st.sampled_from(ACTION_WORDS),
                        st.lists(ACTION_ARGS, max_size=4))
SAVE_COMMANDS = [["status"], ["status", "--json"], ["show"], ["show", "--svg", "{out}"], ["log"],
                 ["undo", "1"], ["undo", "3"], ["card", "1"], ["card", "6"], ["card"],
                 ["battle", "1"], ["battle", "16"], ["withdraw", "2"], ["move", "1", "1", "2"],
                 ["rally", "1"], ["done"], ["hand", "1,2,3,4,5"], ["fix", "1", "--king", "1"],
                 ["fix", "--hand", "1,6"], ["recover", "--out", "{out}"], ["recover"], ["play"],
                 ["odds"], ["odds", "--json"], ["new"], ["new", "--force"]]


@st.composite
def save_cases(draw: Any) -> dict:
    ops = []
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["set", "set", "del", "action", "action", "text", "special"]))
        if op == "special":
            return {"save": {"special": draw(SPECIAL)},
                    "command": draw(st.sampled_from(SAVE_COMMANDS))}
        key = draw(st.sampled_from(SAVE_KEYS))
        path = [key, *draw(st.lists(st.one_of(st.integers(0, 6), st.sampled_from(
            ["files", "game", "parts", "directory", "king", "player", "3", "card 1"])),
            max_size=2))]
        if op == "set":
            ops.append(["set", path, draw(VALUES)])
        elif op == "del":
            ops.append(["del", path])
        elif op == "action":
            ops.append(["action", draw(st.sampled_from(["commands", "opening"])),
                        draw(st.integers(0, 3)), draw(ACTION_TEXT)])
        else:
            ops.append(["text", draw(st.integers(0, 4000)), draw(SNIPPETS),
                        draw(st.integers(0, 3))])
    return {"save": {"ops": ops}, "command": draw(st.sampled_from(SAVE_COMMANDS))}


POSITION_NUMBERS = st.one_of(st.integers(0, 12), st.sampled_from(
    [-1, 99, 10**6, 2**63, "²", "①", "3", " 3", "3.0", "ZZHUGEDECZZ", "ZZHUGEHEXZZ", None, True,
     [], {}, 2.5, "ZZINFZZ"]))
POSITION_KEYS = POSITION_NUMBERS.filter(lambda v: not isinstance(v, list | dict))
POSITION_COMMANDS = [
    ["resolve", "king", "--at", "{pos}", "--card", "2"],
    ["resolve", "king", "--at", "{pos}", "--action", "move-player"],
    ["resolve", "king", "--at", "{pos}", "--card", "6", "--draws", "3,2"],
    ["resolve", "battle", "--at", "{pos}", "--territory", "3", "--defender", "king",
     "--player-card", "2", "--king-card", "3"],
    ["odds", "--at", "{pos}", "--territory", "3"], ["odds", "--at", "{pos}"],
    ["new", "--at", "{pos}", "--game", "{out}"],
]


@st.composite
def position_cases(draw: Any) -> dict:
    command = draw(st.sampled_from(POSITION_COMMANDS))
    if draw(st.integers(0, 9)) == 0:
        return {"position": {"special": draw(SPECIAL)}, "command": command}
    data: dict[Any, Any] = {}
    for side in draw(st.lists(st.sampled_from(["king", "player", "queen", 1, ""]), max_size=3)):
        data[side] = {draw(POSITION_KEYS) if draw(st.booleans()) else draw(
            st.integers(1, 9)): draw(POSITION_NUMBERS)
            for _ in range(draw(st.integers(0, 4)))} if draw(st.integers(0, 5)) else draw(VALUES)
    form = draw(st.sampled_from(["quick", "yaml", "json", "text"]))
    if form == "json":
        text = json.dumps(data, default=str) if _keys_ok(data) else json.dumps(str(data))
    elif form == "quick":
        parts = [f"{side}: {{{', '.join(f'{k}: {v}' for k, v in body.items())}}}"
                 if isinstance(body, dict) else f"{side}: {body}" for side, body in data.items()]
        text = "{" + ", ".join(parts) + "}"
    else:
        text = _yaml(_plain_keys(data))
    if form == "text":
        text = _mutate_text(draw, text)
    return {"position": text, "command": command}


def _keys_ok(data: Any) -> bool:
    try:
        json.dumps(data)
        return True
    except (TypeError, ValueError):
        return False


def _plain_keys(data: Any) -> Any:
    """YAML needs hashable, dumpable keys: lists and dicts as keys become text."""
    if isinstance(data, dict):
        return {(k if isinstance(k, str | int | float | bool) or k is None else str(k)):
                _plain_keys(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_plain_keys(v) for v in data]
    return data


# ----------------------------------------------------------------------------- arguments

SKIPPED_COMMANDS = ("serve",)          # starts a server that runs until stopped
SKIPPED_OPTIONS = ("--watch",)         # rebuilds until stopped
# The work grows with these: a huge valid value is a long run the user asked for,
# not a hang (huge values of --jobs and --turn-cap are fuzzed: they must not matter).
SMALL = ("--games", "--budget", "--seconds", "--rollouts")
SMALL_VALUES = ["0", "1", "2", "-1", "²", "x", "0.5", "1e9x", "", "nan", "inf"]
# (never "/" or a real device: a command told to write there would really write;
# no NUL byte: no command line can hold one)
PATHS = ["{zero}", "{null}", "{fifo}", "{dir}", "{missing}", "{huge}", "{binary}", "{long}",
         "{game}", "{out}", "{pos}", "", ".", "/proc/self/x", "/dev/null/x",
         "{dir}/new", "{game}/x", "é.json", "-"]


def _commands() -> list[tuple[list[str], click.Command]]:
    """Every command and subcommand, with the words that name it."""
    out = []
    ctx = click.Context(cli)

    def walk(group: click.Group, words: list[str]) -> None:
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            if command is None or name in SKIPPED_COMMANDS:
                continue
            if isinstance(command, click.Group):
                walk(command, [*words, name])
            else:
                out.append(([*words, name], command))
    walk(cli, [])
    return out


COMMANDS = _commands()


def _value(draw: Any, param: click.Parameter) -> str:
    kind = param.type
    name = param.opts[0] if param.opts else ""
    if isinstance(kind, click.Choice):
        return draw(st.one_of(st.sampled_from(list(kind.choices)), st.sampled_from(ODD_TEXT)))
    if isinstance(kind, click.Path):
        return draw(st.sampled_from(PATHS))
    if isinstance(kind, click.types.IntParamType | click.IntRange):
        if name in SMALL:
            return draw(st.sampled_from(SMALL_VALUES))
        return draw(st.one_of(st.integers(-2, 30).map(str), st.sampled_from(
            ODD_TEXT + ["9" * 5000, "1" * 20, "2147483648"])))
    if name in SMALL:      # (a float option: --seconds)
        return draw(st.sampled_from(SMALL_VALUES))
    return draw(st.one_of(st.sampled_from(ODD_TEXT), st.text(max_size=8),
                          st.lists(st.integers(0, 30).map(str), max_size=4).map(",".join)))


@st.composite
def args_cases(draw: Any) -> dict:
    words, command = draw(st.sampled_from(COMMANDS))
    args = list(words)
    for param in command.params:
        if param.opts[0] in SKIPPED_OPTIONS or not draw(st.booleans()):
            continue
        if isinstance(param, click.Option):
            args.append(draw(st.sampled_from(param.opts + param.secondary_opts)))
            if not param.is_flag and not param.count:
                args.append(_value(draw, param))
        else:
            count = param.nargs if param.nargs > 0 else draw(st.integers(0, 4))
            args.extend(_value(draw, param) for _ in range(count))
    if words[0] == "build" and "--format" not in args:
        args += ["--format", "svg", "--paper", "a4"]
    if words[0] == "simulate" and "--games" not in args:
        args += ["--games", "2"]
    if words[0] in ("simulate", "hint", "review") and "--budget" not in args and any(
            p.opts[0] == "--budget" for p in command.params):
        args += ["--budget", "2"]
    if draw(st.integers(0, 5)) == 0:   # stray words and options
        args.insert(draw(st.integers(0, len(args))), draw(st.sampled_from(
            ["--", "-", "--nope", "-x", "--json=1", "--game", "²", "--help", "--version"])))
    return {"args": args, "input": draw(st.sampled_from(["", "quit\n", "²\nq\n", "x\n" * 5]))}


# ----------------------------------------------------------------------------- web

GET_PATHS = ["/", "/log", "/fix", "/hand", "/new", "/version", "/static/table.css",
             "/static/table.js", "/static/..%2fapp.py", "/nothing", "//evil", "/%ff"]
POST_PATHS = ["/card", "/battle", "/withdraw", "/move", "/rally", "/done", "/fix", "/undo",
              "/new", "/hand", "/"]
FIELDS = ["card", "draw", "king_card", "to", "count", "from", "confirmed", "at", "king",
          "player", "part", "cards", "mode", "hard", "seed", "force", "game", "csrf", "x"]
WEB_TEXT = st.one_of(st.sampled_from(ODD_TEXT + ["1", "5", "16", "yes", "hand", "discard",
                                                 "physical", "virtual", "9" * 5000]),
                     st.text(max_size=10), st.integers(-3, 20).map(str))


@st.composite
def web_cases(draw: Any) -> dict:
    method = draw(st.sampled_from(["GET", "POST", "POST", "PUT", "HEAD"]))
    case: dict[str, Any] = {
        "access": draw(st.sampled_from(["loopback", "loopback", "lan"])),
        "method": method,
        "path": draw(st.sampled_from(POST_PATHS if method == "POST" else GET_PATHS)),
        "query": draw(st.lists(st.tuples(st.sampled_from(FIELDS + ["token"]), WEB_TEXT)
                               .map(list), max_size=3)),
        "form": draw(st.lists(st.tuples(st.sampled_from(FIELDS), WEB_TEXT).map(list),
                              max_size=5)),
        "csrf": draw(st.sampled_from(["good", "good", "good", "none", "é", "x", ""])),
        "token": draw(st.sampled_from(["good", "good", None, "é", "wrong", "\x7f"])),
    }
    extra = draw(st.integers(0, 7))
    if extra == 0:
        case["body"] = draw(st.one_of(st.text(max_size=40), st.sampled_from(
            ["csrf=%ff%fe&card=1", "card=\udcff", "a" * 10000, "--x\r\n\r\n", "=&=&&"])))
        case["content_type"] = draw(st.sampled_from(
            ["application/x-www-form-urlencoded; charset=latin-1", "multipart/form-data",
             "multipart/form-data; boundary=x", "text/plain", "application/json", "é",
             "application/x-www-form-urlencoded; charset=nope"]))
    elif extra == 1:
        case["files"] = [[draw(st.sampled_from(FIELDS)), draw(st.text(max_size=8)),
                          draw(WEB_TEXT)]]
    elif extra == 2:
        case["headers"] = [[draw(st.sampled_from(["origin", "host", "x-csrf-token", "cookie",
                                                   "content-length", "referer"])),
                            draw(WEB_TEXT)]]
    elif extra == 3:
        case["cookie"] = draw(st.sampled_from(["throne_token=é", "a", "=", ";;", "throne_token"]))
    elif extra == 4:
        case["save"] = {"ops": [["set", [draw(st.sampled_from(SAVE_KEYS))], draw(VALUES)]]}
    return case


STRATEGIES = {"content": content_cases(), "save": save_cases(), "args": args_cases(),
              "position": position_cases(), "web": web_cases()}


def _owned() -> None:
    from fuzz_owned import STRATEGIES as OWNED

    STRATEGIES.update(OWNED)


_owned()
