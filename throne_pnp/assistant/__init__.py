"""The automa assistant: track a real game of A Rusty Throne in a save file.

- `savefile`: the JSON save (setup + the commands' action texts + what was
  typed), written atomically, checked against the content it was started with.
- `lock`: the exclusive lock beside the save, held for each command's whole
  read-replay-write, so two commands at once never lose an update.
- `session`: load a save (under the lock: `Session.locked`) and replay it
  into a `Game`; run one user command as a transaction (apply, deal chance
  cards in virtual mode, save if accepted).
- `commands`: the logic of each user command over a session (step checks,
  dealing, withdrawal, confirmations), shared by the CLI and the table page.
- `explain`: turn the engine's events into a checklist for the table, then
  say what the program needs next; `words`: cards, cube changes and the
  King's actions in words; `choices`: what each withdrawal would cost.
- `tablediff`: the checklist that puts the table back after an undo.
- `recover`: keep the commands of a damaged save that still replay.
- `board_text`: the board as a compact text picture; `board_svg` draws it.
- `play`: the interactive `throne play` loop over the same commands.

Nothing here changes the rules: the engine in `throne_pnp.rules` decides,
the assistant records, explains and asks.
"""
