"""The rules engine: pure, deterministic, no files, no terminal, no randomness.

- `board`: the static map facts the rules need (adjacency, distances, symbols).
- `position`: cubes on the map, control (R7), the player's limit (R8), limits,
  whether a position can stand (`check_position`) or is already over (R12).
- `steps`: a cube change (`Step`) and its cause, as plain data (no words).
- `king`: the King's action: one `move` (R2, R3) and one `rally` (R4), each
  returning the record of every visit; Uncertain Orders (R5).
- `battle`: one battle core (`clash` on numbers, `fight` on a position) and
  one withdrawal (`withdraw`; R9, R14).
- `events`: one small typed record per kind of thing that happens in a game.
- `game`: the whole turn structure (R11, R12), made of `cards` (deck, hand,
  discard, table; R10), `player_actions` (moves, rallies, fix; R8, R13) and
  sharing `needs` (Need, stages).
- `actions`: the small value types a game is made of, with their text form.

For the assistant and the web page, beyond `Game.apply`, `need` and
`legal_actions`:

- card record: `Game.card_zones()` ({card: deck|hand|discard|table|unknown}),
  `Game.known_hand()` (None while part of a physical hand is hidden),
  `Game.king_card_candidates(card)` (the King's possible battle cards if
  `card` is played now, after the refill when it is the last one);
- corrections, logged like any action: `actions.hand(ids)` (`hand 3 6 9`,
  physical mode), `actions.fix_cards(hand, discard)` (`fixcards hand=3,6
  discard=1`), `actions.fix(t, king, player)`;
- positions from outside: `position.check_position(board, pos)` (a reason it
  cannot stand, or None), `position.position_outcome(board, pos)` (won, lost
  or None) and `position.outcome_words(board, outcome)`;
- events: `events.EVENT_CLASSES` lists every kind, with the `Reshuffle` event
  placed right after the draw that emptied the deck. The words for all of
  it are the narrator's (`throne_pnp.narrator`).
"""
