"""Write tests/data/seed-runs.txt: fingerprints of the seed rulebook's 8-word runs.

The rulebook itself is not ours to ship, so the test that our texts never
copy it (tests/test_rules_own_words.py) compares fingerprints instead: each
run of 8 consecutive words, lower-cased, is hashed (blake2b, 8 bytes) and
the sorted, unique hashes are written one per line. The words cannot be read
back from them.

    python scripts/seed_runs.py /path/to/rulebook.txt
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from ownwords import fingerprints  # noqa: E402


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python scripts/seed_runs.py RULEBOOK.txt", file=sys.stderr)
        return 2
    text = Path(argv[1]).read_text(encoding="utf-8")
    target = Path(__file__).resolve().parents[1] / "tests" / "data" / "seed-runs.txt"
    target.write_text("".join(f"{h}\n" for h in sorted(fingerprints(text))), encoding="ascii")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
