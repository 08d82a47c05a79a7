"""The narrator: the engine's records and events in players' words.

Above `rules` and `content`, below `render`: the engine reports plain records
(`Step`, `Stay`, `KingResult`, `Battle`, the events of `rules.events`) and
this package says them once, for the CLI, the page and the booklet.

- `words`: a card, a cube change and its reason, the King's action, a battle.
- `checklist`: a command's events as the table checklist, a log line, JSON.
- `kingsofar`: the King's actions already settled while Uncertain Orders wait.
- `worked`: the booklet's worked examples played by the engine and told.
"""
