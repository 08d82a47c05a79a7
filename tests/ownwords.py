"""Fingerprints of 8-word runs, to check that a text shares no run with another.

`fingerprints(text)`: the set of hashes of every run of `RUN` consecutive
words (lower-case letters and digits; everything else separates words), so
"King's" reads as "king s" on both sides. Shared by the own-words test and
scripts/seed_runs.py, which wrote tests/data/seed-runs.txt from the seed
rulebook.
"""

from __future__ import annotations

import hashlib
import re

RUN = 8
WORD = re.compile(r"[a-z0-9]+")


def words(text: str) -> list[str]:
    return WORD.findall(text.lower())


def run_hash(run: list[str]) -> str:
    return hashlib.blake2b(" ".join(run).encode(), digest_size=8).hexdigest()


def runs(text: str) -> list[list[str]]:
    ws = words(text)
    return [ws[i:i + RUN] for i in range(len(ws) - RUN + 1)]


def fingerprints(text: str) -> set[str]:
    return {run_hash(run) for run in runs(text)}
