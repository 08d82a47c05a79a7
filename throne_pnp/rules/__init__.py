"""The rules engine: pure, deterministic, no files, no terminal, no randomness.

- `board`: the static map facts the rules need (adjacency, distances, symbols).
- `position`: cubes on the map, control (R7), the player's limit (R8), limits,
  whether a position can stand (`check_position`) or is already over (R12).
- `king`: the King's action: rally (R4), movement (R2, R3), Uncertain Orders (R5).
- `battle`: battles and withdrawals (R9).
- `game`: the whole turn structure (R11, R12), made of `cards` (deck, hand,
  discard, table; R10), `player_actions` (moves, rallies, fix; R8, R13) and
  `battle_flow` (the battles of a phase; R9), sharing `needs` (Need, Event).
- `actions`: the small value types a game is made of, with their text form.
"""
