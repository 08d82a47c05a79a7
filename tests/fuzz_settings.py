"""Shared hypothesis settings and fixtures of the fuzz tests (CI-sized, derandomized).

`FUZZ_SCALE` (an environment variable, default 1) multiplies every budget:
`FUZZ_SCALE=20 pytest tests/test_fuzz_*.py` for a longer run by hand;
`scripts/fuzz_long.py` is the long run with counts per kind.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings

SCALE = max(1, int(os.environ.get("FUZZ_SCALE", "1") or 1))


def budget(examples: int) -> settings:
    """`examples` generated cases (times FUZZ_SCALE), the same ones on every run."""
    return settings(max_examples=examples * SCALE, derandomize=True, database=None,
                    deadline=None, phases=[Phase.explicit, Phase.generate, Phase.shrink],
                    suppress_health_check=list(HealthCheck))
