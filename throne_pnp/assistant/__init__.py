"""The automa assistant: track a real game of A Rusty Throne in a save file.

- `savefile`: the JSON save (setup + the commands' action texts), written
  atomically, checked against the content it was started with.
- `session`: load a save and replay it into a `Game`; run one user command as
  a transaction (apply, deal chance cards in virtual mode, save if accepted).
- `explain`: turn the engine's events into a checklist for the table, then
  say what the program needs next.
- `board_text`: the board as a compact text picture; `board_svg` draws it.
- `play`: the interactive `throne play` loop over the same session.

Nothing here changes the rules: the engine in `throne_pnp.rules` decides,
the assistant records, explains and asks.
"""
