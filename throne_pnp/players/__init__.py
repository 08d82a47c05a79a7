"""Players of the player's side: the bots and the evaluation they share.

`bots` (the `random` floor and the one-ply `greedy`), `evaluation` (greedy's
static score), `incremental` (the same by tables, move by move),
`battle_memo` (the memoised battle odds) and `scores` (shared constants).
"""
