"""Test-suite settings shared by every test file.

Hypothesis's per-example deadline (200 ms by default) measures wall time,
which on a shared two-core machine depends on whatever else runs; a slow
example is not a wrong one, so the deadline is off. Every property still
runs its examples, and `max_examples` bounds the time.
"""

from hypothesis import settings

settings.register_profile("throne", deadline=None)
settings.load_profile("throne")
