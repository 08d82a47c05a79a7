"""Browser fixtures for the table page tests: the OS Chromium, a server per save, axe.

Playwright drives the system Chromium (its own browser download is not used);
the tests skip, saying why, only when no browser can be had. axe-core is a
test-only tool from the npm registry, never shipped: `.ci/run` installs it
into a cache folder outside the package (`AXE_PREFIX`); a test that needs it
installs it there itself when npm is present, and skips only when npm is
absent.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from test_web_helpers import browser_path

AXE_PREFIX = Path(os.environ.get("THRONE_TEST_NPM",
                                 Path.home() / ".cache" / "throne-test-npm"))
AXE_FILE = AXE_PREFIX / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 640}


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
    path = browser_path()
    if path is None:
        pytest.skip("no Chromium found (chromium, chromium-browser): install one to run the "
                    "browser tests")
    with sync_api.sync_playwright() as play:
        try:
            launched = play.chromium.launch(executable_path=path)
        except Exception as exc:  # noqa: BLE001 - any launch failure means: no browser here
            pytest.skip(f"Chromium at {path} cannot be started: {exc}")
        yield launched
        launched.close()


def axe_script() -> Path:
    """axe.min.js from the test-only npm cache folder, installed there if npm can."""
    if AXE_FILE.is_file():
        return AXE_FILE
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("npm is not installed, so axe-core cannot be had: install npm (or run "
                    f"`npm install --prefix {AXE_PREFIX} axe-core`) to run the axe checks")
    done = subprocess.run([npm, "install", "--silent", "--prefix", str(AXE_PREFIX), "axe-core"],
                          capture_output=True, text=True, timeout=300)
    assert AXE_FILE.is_file(), f"npm could not install axe-core: {done.stderr.strip()[-400:]}"
    return AXE_FILE


AXE_RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' :: ' +
      (n.failureSummary || '').split('\\n').slice(0, 3).join(' '))
  }));
}"""


def axe_violations(page, script: Path) -> list[dict]:
    """axe-core's violations on the page as it is now (every rule it runs by default)."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(script))
    return page.evaluate(AXE_RUN)
