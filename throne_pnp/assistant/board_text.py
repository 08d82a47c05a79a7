"""The board as a compact text picture for the terminal (`throne show`): a line per
territory (symbols, cubes with a bar, neighbours, battles), then the cubes off the map
and your limit, so every number needed to plan a move is on one screen."""

from __future__ import annotations

from throne_pnp.content import Content
from throne_pnp.rules.game import Game
from throne_pnp.rules.position import KING, PLAYER, held_wheat, player_limit


def _symbols(content: Content, number: int, home: int) -> str:
    terr = content.map.territories[number]
    parts = []
    if terr.castle:
        parts.append("Castle" + ("(home)" if number == home else ""))
    parts += [f"{letter}{count}" for count, letter in
              ((terr.wheat, "W"), (terr.bugles, "B"), (terr.shields, "S")) if count]
    return " ".join(parts)


def _cubes(count: int, mark: str) -> str:
    return f"{count} {mark * count}" if count else "."


def board_text(game: Game, content: Content) -> str:
    """The whole board as text, one territory per line."""
    board, pos = game.board, game.position
    names = {n: t.name for n, t in content.map.territories.items()}
    width = max(len(n) for n in names.values())
    symbols = {n: _symbols(content, n, board.home) for n in board.numbers}
    # at least 20 wide (the column of the bundled map), wider for a richer territory
    sym_width = max(20, *(len(s) + 1 for s in symbols.values()))
    rows = [f"{'#':>2}  {'territory':<{width}}  {'symbols':<{sym_width}} {'King':<8} "
            f"{'you':<8} next to"]
    for n in board.numbers:
        battle = "  <- battle" if pos.king[n] and pos.player[n] else ""
        near = " ".join(map(str, board.adjacent[n]))
        rows.append(f"{n:>2}  {names[n]:<{width}}  {symbols[n]:<{sym_width}} "
                    f"{_cubes(pos.king[n], 'K'):<8} {_cubes(pos.player[n], 'o'):<8} "
                    f"{near}{battle}")
    contested_to = game.limit_side
    limit = player_limit(board, pos, contested_to)
    wheat = held_wheat(board, pos, contested_to)
    source = " + ".join(f"{board.wheat[t]} in {t}" for t in wheat) or "none held"
    rows += ["", f"Off the map: King {board.forces - pos.on_map(KING)}, you "
                f"{board.forces - pos.on_map(PLAYER)}.  Your limit per territory: {limit} "
                f"(wheat {source}).  King's limit: {board.king_limit}.",
             "Key: K = King cube, o = your cube, W wheat, B bugles, S shields."]
    return "\n".join(rows)
