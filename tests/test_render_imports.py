"""What the build path imports: neither YAML (a cached edition skips it) nor svgwrite,
nor json (only the map's fit check, which scripts' builds skip, reads its memo)."""

from __future__ import annotations

import subprocess
import sys


def test_build_module_imports_neither_yaml_nor_svgwrite_nor_json() -> None:
    code = ("import sys, throne_pnp.render.build\n"
            "print(sorted(m for m in sys.modules\n"
            "             if m.split('.')[0] in ('yaml', 'svgwrite', 'json')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
