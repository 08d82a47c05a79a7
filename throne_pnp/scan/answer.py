"""`throne scan`'s answer, for the CLI and the page alike: the photo read, compared with the
tracked game, as SPEC §10's JSON and as the narrator's lines."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from throne_pnp.content import Content
from throne_pnp.errors import ThroneError
from throne_pnp.narrator.lines import Command
from throne_pnp.narrator.tablescan import scan_lines
from throne_pnp.rules.actions import Action
from throne_pnp.rules.game import Game
from throne_pnp.scan.colours import learned, named, unlike
from throne_pnp.scan.compare import differences, explanations, table_counts
from throne_pnp.scan.reader import Reading, read_photo


@dataclass
class ScanAnswer:
    """A photo read and compared: the reading, its differences from the game and the
    command sequences that explain them (shortest first)."""

    reading: Reading
    differences: list
    answers: list[list[Action]]
    unlike: dict[str, str] = field(default_factory=dict)   # kept colours the photo did not match

    def to_json(self) -> dict[str, Any]:
        read: dict[str, dict[str, int]] = {"king": {}, "player": {}}
        for side in read:
            counts = self.reading.counts(side)
            for o in self.reading.off:
                if o.side == side:
                    counts[o.territory] = counts.get(o.territory, 0) + o.low
            read[side] = {str(t): n for t, n in sorted(counts.items()) if n}
        return {
            "paper": self.reading.kinds[0] if len(self.reading.kinds) == 1 else
            self.reading.kinds,
            "markers": sorted(i for g, _ in self.reading.sheets for i in g.markers),
            "read": read,
            "unsure": [{"territory": s.territory, "side": s.side, "space": s.index}
                       for s in self.reading.unsure()],
            "off": [{"territory": o.territory, "side": o.side, "cubes": o.low if o.sure
                     else [o.low, o.high]} for o in self.reading.off],
            "differences": [{"territory": d.territory, "side": d.side, "table": d.table.low
                             if d.table.high == d.table.low else [d.table.low, d.table.high],
                             "game": d.game} for d in self.differences],
            "moves": [[a.text() for a in answer] for answer in self.answers],
        }

    def commands(self) -> list[list[Command]]:
        """Each explanation's steps as the narrator names commands (moves and rallies)."""
        return [[Command(a.kind, tuple(map(str, a.args))) for a in answer]
                for answer in self.answers]

    def lines(self, content: Content, recordable: bool) -> list[str]:
        names = {n: t.name for n, t in content.map.territories.items()}
        diffs = [(d.territory, d.side, d.table.low, d.table.high, d.game)
                 for d in self.differences]
        unsure = [(s.territory, s.side) for s in self.reading.unsure()]
        counts = table_counts(self.reading, content.map.king_limit)
        off = [(t, side, c.off) for (t, side), c in sorted(counts.items()) if c.off]
        shown = {t for t, _ in counts}
        uncounted = sorted({o.territory for o in self.reading.off
                            if not o.sure and not o.faint and o.territory in shown})
        faint = sorted({(o.territory, o.side) for o in self.reading.off
                        if o.faint and o.territory in shown})
        return scan_lines(names, diffs, unsure, off, uncounted, faint, self.commands(),
                          recordable, named(self.unlike))

    def learned(self, game: Game) -> dict[str, str] | None:
        """The cube colours this photo teaches (`colours.learned`), None when it cannot."""
        try:
            return learned(self.reading, game)
        except ThroneError:
            return None


def scan(data: bytes, content: Content, game: Game, colours: dict[str, str] | None = None,
         kept: dict[str, str] | None = None) -> ScanAnswer:
    """Read the photo `data` and compare it with `game`: by the `colours` given, else by
    those `kept` from an earlier photo unless this one's cubes look unlike them (then by its
    own, and the answer says so), else by its own."""
    reading = read_photo(data, content, colours or kept)
    changed = {}
    if not colours and kept:
        changed = {side: kept[side] for side in unlike(kept, reading)}
        if changed:
            reading = read_photo(data, content)
    return ScanAnswer(reading, differences(reading, game), explanations(reading, game),
                      changed)
