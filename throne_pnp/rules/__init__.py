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

For the assistant and the web page, beyond `Game.apply`, `need` and
`legal_actions`:

- card record: `Game.card_zones()` ({card: deck|hand|discard|table|unknown};
  `cards.zone_changes(before, after)` lists the cards that moved),
  `Game.known_hand()` (None while part of a physical hand is hidden),
  `Game.king_card_candidates(card)` (the King's possible battle cards if
  `card` is played now, after the refill when it is the last one);
- corrections, logged like any action: `actions.hand(ids)` (`hand 3 6 9`,
  physical mode), `actions.fix_cards(hand, discard)` (`fixcards hand=3,6
  discard=1`), `actions.fix(t, king, player)`;
- positions from outside: `position.check_position(board, pos)` (a reason it
  cannot stand, or None), `position.position_outcome(board, pos)` (won, lost
  or None) and `position.outcome_words(board, outcome)`;
- events: `needs.Event` lists every kind, with the `reshuffle` event placed
  where the player must shuffle.
"""
