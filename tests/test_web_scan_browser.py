"""The "check the table" screens in a real browser at phone size: a photo chosen in the
camera input is read, the result (the photo as read, the differences, the moves and the
colours to keep) passes axe-core and shows no command-line syntax, and a tap keeps the
colours (SPEC §10). Needs Chromium and the [scan] extra; skips saying so without them."""

from __future__ import annotations

import json
import random
import re

import pytest
from click.testing import CliRunner
from test_web_a11y import check_screen
from test_web_helpers import content, running_server
from web_browser import PHONE, axe_script

from throne_pnp.cli import cli

pytest.importorskip("starlette")
pytest.importorskip("cv2", reason="the [scan] extra (opencv-python-headless) is not installed")


def test_a_photo_read_on_the_phone_and_its_colours_kept(browser, tmp_path):
    import photogen

    from throne_pnp.web.app import create_app

    game = tmp_path / "throne-game.json"
    for args in (["new", "--seed", "3"], ["card", "18"]):   # Player Actions
        assert CliRunner().invoke(cli, [*args, "--game", str(game)]).exit_code == 0
    counts = {(3, "king"): 3, (7, "king"): 3, (9, "king"): 3, (1, "player"): 1,
              (2, "player"): 1}                             # one of yours moved 1 -> 2
    photo = tmp_path / "table.jpg"
    photo.write_bytes(photogen.generate(content(), random.Random(7), counts=counts, tilt=15.0,
                                        colours=("red", "blue")).jpeg)
    script = axe_script()
    with running_server(create_app(game, content())) as base:
        context = browser.new_context(viewport=PHONE, bypass_csp=True)
        page = context.new_page()
        page.goto(base + "/")
        page.locator("summary", has_text="Scan").click()
        page.set_input_files("input[name=photo]", str(photo))
        with page.expect_navigation():
            page.get_by_role("button", name="Scan: check the table").click()
        assert page.locator("h1").inner_text() == "Check the table"
        assert page.locator("figure.scan img").is_visible()
        assert "the game has 0" in page.locator("main").inner_text()
        record = page.get_by_role("button", name="Yes, record:")
        assert record.is_visible() and record.bounding_box()["height"] >= 44   # thumb-sized
        assert check_screen(page, "check the table", script, str(tmp_path)) == []
        page.screenshot(path=str(tmp_path / "scan.png"), full_page=True)
        with page.expect_navigation():
            record.click()
        assert json.loads(game.read_text())["commands"][-1] == ["move 1 1 2"]
        # the table now agrees with the game: its colours may be kept, on a tap
        page.locator("summary", has_text="Scan").click()
        page.set_input_files("input[name=photo]", str(photo))
        with page.expect_navigation():
            page.get_by_role("button", name="Scan: check the table").click()
        assert page.locator("main").inner_text().startswith("Check the table")
        keep = page.get_by_role("button", name=re.compile("^Keep these cube colours"))
        assert check_screen(page, "check the table, agreeing", script, str(tmp_path)) == []
        page.screenshot(path=str(tmp_path / "scan-keep.png"), full_page=True)
        with page.expect_navigation():
            keep.click()
        assert "Cube colours kept" in page.locator("body").inner_text()
        assert set(json.loads(game.read_text())["colours"]) == {"king", "player"}
        context.close()
