"""What the build path imports: not svgwrite (only an SVG build needs it)."""

from __future__ import annotations

import subprocess
import sys


def test_build_module_does_not_import_svgwrite() -> None:
    code = ("import sys, throne_pnp.render.build\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'svgwrite'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
