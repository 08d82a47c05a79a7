"""Players of the player's side: the bots and the evaluation they share.

`bots` holds the `random` floor and the one-ply `greedy` player (the casual
reference of the balance figures), `evaluation` greedy's static score of a
position, `incremental` the same by tables, kept move by move, `battle_memo`
the battle arithmetic they memoise and `scores` the constants they share.
They are fed by `rules` alone; `search` uses greedy as its rollout policy and
`sim` plays them all (its `bots` module is the registry by name).
"""
