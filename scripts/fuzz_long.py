#!/usr/bin/env python3
"""The long fuzz run: many generated cases of the nine kinds, with counts per kind.

    python scripts/fuzz_long.py                      # 20,000 cases (about 20 minutes of one core)
    python scripts/fuzz_long.py --scale 0.1          # a tenth of that
    python scripts/fuzz_long.py --failures DIR       # keep each failing case as a corpus file

Runs in one process, kind after kind, with the strategies of tests/fuzz_strategies.py
and the judge of tests/fuzz_kinds.py (the same as the CI-sized tests, with other
seeds and far more cases). The kinds: content, save, args, position, web, and the
files the user owns (tests/fuzz_owned.py): outputs, links, fsize, drop.
Reports, per kind and in total: cases, tracebacks, HTTP 5xx, hangs, files
changed by a refused command (or a protected target not refused), writes
outside the paths the user named (stray, temporary or lock files), other
failures, and the time. The
process's address space is capped (--memory, default 4 GB), so a memory bomb
is found as a MemoryError instead of swapping the machine. Exit status 1 when
anything was found.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1] / "tests"
sys.path.insert(0, str(TESTS))
sys.path.insert(0, str(TESTS.parent))     # this checkout's throne_pnp, not an installed one

# cases per kind at --scale 1 (the cheap kinds get more)
PLAN = {"content": 600, "save": 5400, "args": 5000, "position": 4500, "web": 4500,
        "outputs": 1200, "links": 1500, "fsize": 240, "drop": 1500}
CATEGORIES = ("traceback", "5xx", "hang", "files changed", "outside", "other")


def category(problem: str) -> str:
    head = problem.split("\n", 1)[0]
    if "hang:" in head:
        return "hang"
    if "traceback" in head or "exception out of the app" in head:
        return "traceback"
    if "HTTP 5" in head or "HTTP: 5" in head or "page after it: HTTP 5" in head:
        return "5xx"
    if "changed" in head or "was not refused" in head or "followed" in head \
            or "replaced" in head:
        return "files changed"
    if "outside" in head or "left" in head or "lock file beside" in head:
        return "outside"
    return "other"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every count")
    parser.add_argument("--kinds", default=",".join(PLAN), help="comma-separated kinds")
    parser.add_argument("--seed", type=int, default=21, help="hypothesis seed")
    parser.add_argument("--memory", type=float, default=4.0, help="address space cap, GB")
    parser.add_argument("--failures", type=Path, default=None,
                        help="folder for failing cases (corpus format)")
    parser.add_argument("--report", type=Path, default=None, help="also write the report here")
    args = parser.parse_args()

    cap = int(args.memory * 1024**3)
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    os.environ.setdefault("THRONE_FUZZ_LONG", "1")

    from fuzz_harness import Workspace, cleanup, run_case
    from fuzz_strategies import STRATEGIES
    from hypothesis import HealthCheck, Phase, given, seed, settings

    ws = Workspace()
    stats: dict[str, Counter] = {}
    seconds: dict[str, float] = {}
    found: list[str] = []
    start = time.monotonic()
    def make_run(kind: str, count: int):
        @settings(max_examples=count, database=None, deadline=None, phases=[Phase.generate],
                  suppress_health_check=list(HealthCheck))
        @seed(args.seed)
        @given(case=STRATEGIES[kind])
        def one(case: dict) -> None:
            stats[kind]["cases"] += 1
            try:
                problems = run_case(kind, case, ws)
            except Exception as exc:  # noqa: BLE001 - a harness error is counted, not fatal
                problems = [f"[{kind}] harness error (other): {exc!r}\n  case: {case!r}"[:2000]]
            for problem in problems:
                stats[kind][category(problem)] += 1
                found.append(problem)
                if args.failures is not None:
                    args.failures.mkdir(parents=True, exist_ok=True)
                    name = f"found-{kind}-{len(found):04d}.json"
                    (args.failures / name).write_text(json.dumps(
                        {"kind": kind, "note": problem.split("\n", 1)[0][:200], "case": case},
                        ensure_ascii=False, indent=1) + "\n")
            if stats[kind]["cases"] % 500 == 0:
                print(f"  {kind}: {stats[kind]['cases']} cases, "
                      f"{time.monotonic() - start:.0f} s", flush=True)
        return one

    for kind in args.kinds.split(","):
        stats[kind] = Counter()
        began = time.monotonic()
        make_run(kind, max(1, int(PLAN[kind] * args.scale)))()
        seconds[kind] = time.monotonic() - began
    from fuzz_owned import stop_servers

    stop_servers()
    cleanup(ws)
    total = sum((stats[k] for k in stats), Counter())
    lines = [f"{'kind':10} {'cases':>7} " + " ".join(f"{c:>12}" for c in CATEGORIES)
             + f" {'seconds':>8}"]
    for kind in stats:
        lines.append(f"{kind:10} {stats[kind]['cases']:>7} "
                     + " ".join(f"{stats[kind][c]:>12}" for c in CATEGORIES)
                     + f" {seconds[kind]:>8.0f}")
    lines.append(f"{'total':10} {total['cases']:>7} "
                 + " ".join(f"{total[c]:>12}" for c in CATEGORIES)
                 + f" {time.monotonic() - start:>8.0f}")
    cpu = resource.getrusage(resource.RUSAGE_SELF)
    lines.append(f"CPU {cpu.ru_utime + cpu.ru_stime:.0f} s, peak memory "
                 f"{cpu.ru_maxrss // 1024} MB, seed {args.seed}")
    report = "\n".join(lines)
    print(report)
    for problem in found[:20]:
        print("\n" + problem)
    if args.report is not None:
        args.report.write_text(report + "\n" + "\n\n".join(found) + "\n")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
