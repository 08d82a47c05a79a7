"""Balance analysis: bots, a headless game runner and exact battle odds.

`bots` plays the player's side, `simulate` plays many seeded games (in
processes, identical results for any number of them), `odds` counts exact
battle outcomes, and `plot` draws a sweep (svgwrite, imported only there).
"""
