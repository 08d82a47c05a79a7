"""Both tiles of the tiled map glued together in one photo: each tile's four markers give its
own homography, each tile is read where it shows (the strip tile 2 covers on tile 1 is read
on tile 2 only), and the whole map is counted: every territory compared with the game."""

from __future__ import annotations

import random

import pytest

from throne_pnp.content import load_content
from throne_pnp.scan.compare import table_counts

CONTENT = load_content()


@pytest.mark.parametrize(("kind", "tilt", "seed"), [("a4-glued", 15.0, 3),
                                                    ("letter-glued", 30.0, 5)])
def test_a_photo_of_both_tiles_is_read_whole(kind: str, tilt: float, seed: int) -> None:
    pytest.importorskip("cv2", reason="the [scan] extra is not installed")
    import photogen

    from throne_pnp.scan.reader import read_photo

    shot = photogen.generate(CONTENT, random.Random(seed), kind=kind, tilt=tilt,
                             colours=("blue", "yellow"))
    reading = read_photo(shot.jpeg, CONTENT)
    paper = kind.split("-")[0]
    assert sorted(reading.kinds) == [f"{paper}-1", f"{paper}-2"]
    seen = [(r.space.territory, r.space.side, r.space.index) for r in reading.spaces]
    assert sorted(seen) == sorted(shot.truth)             # every space once, none twice
    wrong = [r.space for r in reading.spaces if r.state not in (
        "unsure", shot.truth[(r.space.territory, r.space.side, r.space.index)])]
    assert not wrong and len(reading.unsure()) <= 4
    counts = table_counts(reading, CONTENT.map.king_limit)
    assert {t for t, _ in counts} == set(CONTENT.map.territories)
    for (territory, side), count in counts.items():
        truth = sum(state == side for (t, s, _), state in shot.truth.items()
                    if t == territory and s == side)
        assert count.allows(truth), (territory, side, count, truth)
