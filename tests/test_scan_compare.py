"""The table as read against the tracked game (no photo needed: readings made from positions):
the differences, and the shortest legal commands that explain them, checked through the
engine on positions from random games; and `throne scan` on a tracked game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from throne_pnp.cli import cli
from throne_pnp.content import load_content
from throne_pnp.rules.board import board_for
from throne_pnp.rules.game import Game
from throne_pnp.rules.position import KING, PLAYER, Position
from throne_pnp.scan.compare import MAX_ANSWERS, differences, explanations, table_counts
from throne_pnp.scan.geometry import sheet_geometry
from throne_pnp.scan.reader import Reading, SpaceRead

CONTENT = load_content()
BOARD = board_for(CONTENT)
SPACES = sheet_geometry(CONTENT, "a4").spaces


def reading_of(position: Position, unsure: tuple[tuple[int, str], ...] = ()) -> Reading:
    """What a perfect photo of `position` reads (its first spaces of each row filled);
    `unsure`: the (territory, side) rows whose first empty space is read as unsure."""
    reads = []
    for space in SPACES:
        n = position.side(space.side).get(space.territory, 0)
        state = space.side if space.index < n else "empty"
        if space.index == n and (space.territory, space.side) in unsure:
            state = "unsure"
        reads.append(SpaceRead(space, state))
    return Reading(["a4"], reads)


def actions_game(seed: int) -> Game | None:
    """A random game's Player Actions with 2 or more command points (one picked at random
    among those the game passes through)."""
    rng = random.Random(seed)
    game = Game(BOARD, sorted(BOARD.cards))
    seen = []
    for _ in range(400):
        if game.outcome is not None:
            break
        if game.need().kind == "actions" and game.command_points >= 2:
            seen.append(game.copy())
        game.apply(rng.choice(game.legal_actions()))
    return rng.choice(seen) if seen else None


def _fits(game: Game, position: Position) -> bool:
    counts = table_counts(reading_of(position), BOARD.king_limit)
    return all(c.allows(game.position.side(side).get(t, 0)) for (t, side), c in counts.items())


def test_inferred_commands_reproduce_the_photographed_position() -> None:
    """On 16 random games' Player Actions, one or two random moves or rallies: every
    explanation offered, shortest first, replays to what the photo shows."""
    checked = 0
    for seed in range(16):
        game = actions_game(seed)
        if game is None:
            continue
        rng = random.Random(seed)
        played = game.copy()
        made = []
        for _ in range(rng.randint(1, 2)):
            choices = [a for a in played.legal_actions() if a.kind in ("move", "rally")]
            if not choices or played.need().kind != "actions":
                break
            made.append(rng.choice(choices))
            played.apply(made[-1])
        if not made or _fits(game, played.position):
            continue                # the commands made no difference the spaces show
        checked += 1
        found = explanations(reading_of(played.position), game)
        assert found, made
        lengths = [len(answer) for answer in found]
        assert lengths == sorted(lengths) and lengths[0] <= len(made)
        for answer in found:
            replayed = game.copy()
            for action in answer:
                replayed.apply(action)
            assert _fits(replayed, played.position), (answer, made)
    assert checked >= 10, checked


def test_differences_say_table_and_game_counts() -> None:
    game = Game(BOARD, sorted(BOARD.cards))
    table = game.position.copy()
    territory = min(t for t, n in table.side(KING).items() if n)
    table.side(KING)[territory] -= 1
    found = differences(reading_of(table), game)
    assert [(d.territory, d.side, d.table.low, d.table.high, d.game) for d in found] == [
        (territory, KING, table.side(KING)[territory], table.side(KING)[territory],
         game.position.side(KING)[territory])]
    assert differences(reading_of(game.position), game) == []


def test_an_unsure_space_is_not_a_difference() -> None:
    game = Game(BOARD, sorted(BOARD.cards))
    home = BOARD.home
    table = game.position.copy()
    table.side(PLAYER)[home] -= 1
    assert differences(reading_of(table, unsure=((home, PLAYER),)), game) == []


def test_no_moves_offered_outside_player_actions() -> None:
    game = Game(BOARD, sorted(BOARD.cards))
    assert game.need().kind != "actions"
    table = game.position.copy()
    table.side(PLAYER)[BOARD.home] -= 1
    assert explanations(reading_of(table), game) == []


@pytest.fixture
def tracked(tmp_path: Path) -> Path:
    save = tmp_path / "game.json"
    runner = CliRunner()
    assert runner.invoke(cli, ["new", "--seed", "3", "--game", str(save)]).exit_code == 0
    assert runner.invoke(cli, ["card", "18", "--game", str(save)]).exit_code == 0
    return save


def test_scan_names_the_move_and_records_it_when_asked(tracked: Path, tmp_path: Path) -> None:
    cv2 = pytest.importorskip("cv2", reason="the [scan] extra is not installed")
    del cv2
    import photogen

    runner = CliRunner()
    counts = {(3, "king"): 3, (7, "king"): 3, (9, "king"): 3, (1, "player"): 1,
              (2, "player"): 1}
    shot = photogen.generate(CONTENT, random.Random(7), counts=counts, tilt=20.0,
                             colours=("black", "yellow"))
    picture = tmp_path / "table.jpg"
    picture.write_bytes(shot.jpeg)
    before = tracked.read_bytes()
    result = runner.invoke(cli, ["scan", str(picture), "--game", str(tracked)])
    assert result.exit_code == 0, result.output
    assert "1 cube of yours in 2 Brackenmoor; the game has 0" in result.output
    assert "throne move 1 1 2" in result.output
    assert tracked.read_bytes() == before              # nothing recorded without --record
    result = runner.invoke(cli, ["scan", str(picture), "--game", str(tracked), "--record",
                                 "--json"])
    assert result.exit_code == 0, result.output
    status = runner.invoke(cli, ["status", "--json", "--game", str(tracked)])
    assert '"2": 1' in status.output
    again = runner.invoke(cli, ["scan", str(picture), "--game", str(tracked)])
    assert again.output.startswith("The table matches the game")


def test_a_refused_photo_records_nothing(tracked: Path, tmp_path: Path) -> None:
    pytest.importorskip("cv2", reason="the [scan] extra is not installed")
    picture = tmp_path / "table.jpg"
    picture.write_bytes(b"\xff\xd8\xff\xe0 truncated")
    before = tracked.read_bytes()
    debug = tmp_path / "read.png"
    result = CliRunner().invoke(cli, ["scan", str(picture), "--game", str(tracked), "--record",
                                      "--debug", str(debug)])
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1
    assert tracked.read_bytes() == before and not debug.exists()


def _every_explanation(game: Game, target: Position, length: int) -> set[tuple[str, ...]]:
    """Every set of `length` moves and rallies (as sorted texts) that some order makes legal
    during the same Player Actions and after which the counts fit `target`: by brute force."""
    found = set()
    paths: list[tuple[Game, tuple[str, ...]]] = [(game, ())]
    for step in range(length):
        longer = []
        for state, texts in paths:
            for action in state.legal_actions():
                if action.kind not in ("move", "rally"):
                    continue
                after = state.copy()
                after.apply(action)
                steps = (*texts, action.text())
                if step == length - 1:
                    if _fits(after, target):
                        found.add(tuple(sorted(steps)))
                elif after.need().kind == "actions" and not _fits(after, target):
                    longer.append((after, steps))
        paths = longer
    return found


def _explained_position(seed: int) -> tuple[Game, Game] | None:
    """A random game at Player Actions, and the same after up to two random moves or rallies
    that change what the spaces show (None when the game ends first or nothing shows)."""
    game = actions_game(seed)
    if game is None:
        return None
    rng = random.Random(seed)
    played = game.copy()
    for _ in range(2):
        choices = [a for a in played.legal_actions() if a.kind in ("move", "rally")]
        if not choices or played.need().kind != "actions":
            break
        played.apply(rng.choice(choices))
    return None if _fits(game, played.position) else (game, played)


def test_every_shortest_explanation_is_offered() -> None:
    """Against brute force over every order of legal moves and rallies, on the positions of
    44 random games that show a difference (some of them have two explanations)."""
    checked = 0
    for seed in range(16, 60):
        pair = _explained_position(seed)
        if pair is None:
            continue
        game, played = pair
        checked += 1
        found = explanations(reading_of(played.position), game)
        assert found, seed
        shortest = len(found[0])
        assert all(len(answer) == shortest for answer in found), seed
        if shortest > 1:        # none shorter exists
            assert not _every_explanation(game, played.position, shortest - 1), seed
        every = _every_explanation(game, played.position, shortest)
        offered = {tuple(sorted(a.text() for a in answer)) for answer in found}
        assert (offered == every if len(every) <= MAX_ANSWERS
                else len(offered) == MAX_ANSWERS), seed
    assert checked >= 25, checked
