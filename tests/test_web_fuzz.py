"""Anything a client can send in a form is answered with a page, never a traceback."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_web_helpers import csrf_of, make_client

from throne_pnp.cli import cli

pytest.importorskip("starlette")

FIELDS = {"/card": ("card", "draw"), "/battle": ("card", "king_card"), "/withdraw": ("to",),
          "/move": ("count", "from", "to", "confirmed"), "/rally": ("at",),
          "/fix": ("at", "king", "player", "part", "cards"), "/hand": ("cards",),
          "/new": ("mode", "hard", "seed", "force")}
values = st.one_of(st.text(max_size=12), st.integers(-5, 10**9).map(str),
                   st.sampled_from(["", "0", "1", "7", "5,5", "yes", "hand", "discard",
                                    "physical", "1e3", "٣", " 2 ", "99999999999"]))


@pytest.fixture(scope="module")
def setup(tmp_path_factory):
    game = tmp_path_factory.mktemp("fuzz") / "g.json"
    assert CliRunner().invoke(cli, ["new", "--seed", "3", "--game", str(game)]).exit_code == 0
    client, _ = make_client(game)
    return game, client, csrf_of(client.get("/").text)


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@pytest.mark.slow
@given(path=st.sampled_from(sorted(FIELDS)), data=st.data())
def test_random_forms_are_refused_cleanly(setup, path, data):
    game, client, token = setup
    fields = {name: data.draw(values) for name in FIELDS[path]
              if data.draw(st.booleans())}
    before = game.read_bytes()
    answer = client.post(path, data={"csrf": token, **fields})
    assert answer.status_code == 303
    page = client.get(answer.headers["location"])
    assert page.status_code == 200 and "Traceback" not in page.text
    if game.read_bytes() != before:      # accepted: put the game back for the next example
        assert CliRunner().invoke(cli, ["new", "--seed", "3", "--force", "--game",
                                        str(game)]).exit_code == 0
