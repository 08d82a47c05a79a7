"""The rules engine: pure, deterministic, no files, no terminal, no randomness.

- `board`: the static map facts the rules need (adjacency, distances, symbols).
- `position`: cubes on the map, control (R7), the limits (R8), whether a
  position can stand (`check_position`) or is already over (R12).
- `limits`: the player's limit (R8) on plain data, the one place it lives.
- `steps`: a cube change (`Step`) and its cause, as plain data (no words).
- `king`: the King's `move` (R2, R3) and `rally` (R4), Uncertain Orders (R5).
- `battle`: one battle core (`clash`, `fight`) and one withdrawal (R9, R14).
- `events`: one small typed record per kind of thing that happens in a game.
- `game`: the turn structure (R11, R12) with `cards` (R10), `player_actions`
  (R8, R13) and `needs` (Need, stages); `actions`: its steps as values.

Beyond `Game.apply`, `need` and `legal_actions`, the assistant and the page
read `Game.card_zones()`, `known_hand()`, `king_card_candidates(card)`, the
corrections `actions.hand`, `fix_cards` and `fix`, and `position`'s checks.
The words for all of it are the narrator's (`throne_pnp.narrator`).
"""
