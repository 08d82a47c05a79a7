"""The narrator: the engine's records and events in players' words.

One layer above `rules` and `content` and below `render` (it imports only
those and `errors`): the engine reports what happened as plain records (a
`Step` with its cause, a `Stay`, `KingResult`, `Battle`, the typed events of
`rules.events`) and never makes a sentence; this package says them, once,
for the CLI, the page and the booklet alike.

- `words`: a card, a cube change and its reason, the King's action, a battle.
- `checklist`: a command's events as the table checklist, a log line, JSON.
- `kingsofar`: the King's actions already settled while Uncertain Orders wait.
- `worked`: the booklet's worked examples played by the engine and told.
"""
