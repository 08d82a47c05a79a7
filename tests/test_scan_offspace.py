"""Cubes standing off the cube spaces (scan/offspace.py): counted on generated photos, a
touching pair read as unsure (a range holding the truth, never a wrong count), and the
counts and words they add to the comparison with the game."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest
from test_scan_compare import reading_of

from throne_pnp.content import load_content
from throne_pnp.narrator.tablescan import scan_lines
from throne_pnp.render.backend.mapgeom import Box
from throne_pnp.rules.board import board_for
from throne_pnp.rules.game import Game
from throne_pnp.rules.position import KING, PLAYER
from throne_pnp.scan.compare import differences, table_counts
from throne_pnp.scan.offspace import OffRead

CONTENT = load_content()
BOARD = board_for(CONTENT)
PAIRS = [("red", "yellow"), ("black", "wood"), ("blue", "green"), ("yellow", "black")]


def _read(seed: int, **options: int) -> tuple[dict, dict, set[int], set[int]]:
    """A generated photo with cubes off the spaces, read: (truth, ranges, touching territories,
    territories with an unsure blob); ranges: (territory, side) -> [low, high]."""
    pytest.importorskip("cv2", reason="the [scan] extra is not installed")
    import photogen

    from throne_pnp.scan.reader import read_photo

    shot = photogen.generate(CONTENT, random.Random(seed), colours=PAIRS[seed % len(PAIRS)],
                             **options)
    ranges: dict[tuple[int, str], list[int]] = defaultdict(lambda: [0, 0])
    unsure = set()
    for blob in read_photo(shot.jpeg, CONTENT).off:
        for side in (KING, PLAYER):
            if blob.side in (side, None):
                ranges[(blob.territory, side)][0] += blob.low if blob.side == side else 0
                ranges[(blob.territory, side)][1] += blob.high
        if not blob.sure:
            unsure.add(blob.territory)
    return shot.off, ranges, shot.touching, unsure


def test_cubes_standing_apart_are_counted() -> None:
    placed = right = 0
    for seed in range(4):
        truth, ranges, _, _ = _read(seed, apart=5)
        for key in set(truth) | set(ranges):
            low, high = ranges.get(key, (0, 0))
            assert low <= truth.get(key, 0) <= high, (seed, key, truth, dict(ranges))
        placed += len(truth)
        right += sum(tuple(ranges.get(k, ())) == (n, n) for k, n in truth.items())
    assert placed >= 16 and right >= 0.7 * placed, (right, placed)


def test_a_touching_pair_is_unsure_never_a_wrong_count() -> None:
    pairs = 0
    for seed in range(4):
        truth, ranges, touching, unsure = _read(seed, pairs=2)
        for key in set(truth) | set(ranges):
            low, high = ranges.get(key, (0, 0))
            assert low <= truth.get(key, 0) <= high, (seed, key, truth, dict(ranges))
        assert touching <= unsure, (seed, touching, unsure)
        pairs += len(touching)
    assert pairs >= 6


def _blob(territory: int, side: str | None, low: int, high: int) -> OffRead:
    return OffRead(territory, side, low, high, Box(0, 0, 9, 9))


def test_off_space_cubes_add_to_the_count_and_its_range() -> None:
    game = Game(BOARD, sorted(BOARD.cards))
    reading = reading_of(game.position)
    home = BOARD.home
    have = game.position.side(PLAYER)[home]
    reading.off = [_blob(home, PLAYER, 2, 2)]
    counts = table_counts(reading, BOARD.king_limit)
    assert counts[(home, PLAYER)].low == counts[(home, PLAYER)].high == have + 2
    assert counts[(home, PLAYER)].off == 2 and not counts[(home, PLAYER)].off_unsure
    found = differences(reading, game)
    assert [(d.territory, d.side, d.table.low, d.game) for d in found] == [
        (home, PLAYER, have + 2, have)]
    reading.off = [_blob(home, PLAYER, 1, 1), _blob(home, PLAYER, 1, 2)]     # one touching
    count = table_counts(reading, BOARD.king_limit)[(home, PLAYER)]
    assert (count.low, count.high, count.off, count.off_unsure) == (have + 2, have + 3, 1, True)
    reading.off = [_blob(home, None, 0, 3)]          # touching, colour unclear: either side
    counts = table_counts(reading, BOARD.king_limit)
    assert (counts[(home, PLAYER)].low, counts[(home, PLAYER)].high) == (have, have + 3)
    assert counts[(home, KING)].off_unsure and differences(reading, game) == []


def test_the_answer_says_the_cubes_off_the_spaces() -> None:
    names = {n: t.name for n, t in CONTENT.map.territories.items()}
    lines = scan_lines(names, [], [], [(7, PLAYER, 2), (3, KING, 1)], [6], [], [], False)
    assert lines[0] == "The table matches the game (except what could not be read)."
    assert lines[1] == f"2 of your cubes stand off the spaces in 7 {names[7]} (counted)."
    assert lines[2] == f"1 King cube stands off the spaces in 3 {names[3]} (counted)."
    assert lines[3].startswith(f"Could not count for sure the cubes off the spaces in 6 "
                               f"{names[6]}")


def test_white_cubes_off_the_spaces_are_never_a_wrong_count() -> None:
    """White cubes on pale land may show no blob: their count there stays open, never short."""
    pytest.importorskip("cv2", reason="the [scan] extra is not installed")
    import photogen

    from throne_pnp.scan.reader import read_photo

    opened = 0
    for seed in range(3):
        shot = photogen.generate(CONTENT, random.Random(seed), colours=("red", "white"),
                                 apart=5)
        reads = read_photo(shot.jpeg, CONTENT).off
        ranges: dict[tuple[int, str], list[int]] = defaultdict(lambda: [0, 0])
        for blob in reads:
            for side in (KING, PLAYER):
                if blob.side in (side, None):
                    ranges[(blob.territory, side)][0] += blob.low if blob.side == side else 0
                    ranges[(blob.territory, side)][1] += blob.high
        for key, n in shot.off.items():
            low, high = ranges.get(key, (0, 0))
            assert low <= n <= high, (seed, key, n, low, high)
        opened += sum(blob.faint and blob.side == PLAYER for blob in reads)
        assert not any(blob.faint and blob.side == KING for blob in reads)   # red stands out
    assert opened >= 3


def test_the_answer_says_where_pale_cubes_off_the_spaces_go_uncounted() -> None:
    names = {n: t.name for n, t in CONTENT.map.territories.items()}
    lines = scan_lines(names, [], [], [], [], [(2, PLAYER), (5, PLAYER)], [], False)
    assert lines == [
        "The table matches the game (except what could not be read).",
        f"Your cubes could not be told from the land off the spaces in 2 {names[2]}, 5 "
        f"{names[5]}, so any standing there are not counted: keep them on the spaces, or "
        "check those by eye."]
    game = Game(BOARD, [])
    reading = reading_of(game.position)
    home = BOARD.home
    reading.off = [OffRead(home, PLAYER, 0, 5, Box(0, 0, 1, 1), faint=True)]
    count = table_counts(reading, BOARD.king_limit)[(home, PLAYER)]
    assert count.off_unsure and count.high - count.low == 5
