"""The search player: ranks the player's choices by their chance of winning.

It reads only what the player knows: a `Game` holds no deck order, so its
state is already an information set.

- `fork`: a copy of a game for rollouts; `determinise` fills an untold hand.
- `dealer`: deals from a seeded shuffle per deck, whatever the player chose.
- `plans`: every end layout Player Actions can reach, with its commands.
- `options`: the candidates of a decision (cards, withdrawals, plans).
- `ranking`: Monte Carlo rollouts with common random numbers and halving.
- `bot`: the search player and the plan-search player as simulator bots.
"""
