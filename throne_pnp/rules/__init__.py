"""The rules engine: pure, deterministic, no files, no terminal, no randomness.

- `board`: the static map facts the rules need (adjacency, distances, symbols).
- `position`: cubes on the map, control (R7), the player's limit (R8), limits.
- `king`: the King's action: rally (R4), movement (R2, R3), Uncertain Orders (R5).
- `battle`: battles and withdrawals (R9).
- `game`: the whole turn structure with deck, hand and player actions (R10-R12).
- `actions`: the small value types a game is made of, with their text form.
"""
