"""The search player: ranks the player's choices by their chance of winning.

It reads only what the player knows. A `Game` holds no deck order (the
engine asks for every card as a chance outcome), so the state it is given is
already an information set: the hand (virtual mode, or told), the discard
pile, the table, the cards unseen. `fork` copies it for search and, in
physical mode, fills the untold part of the hand with cards sampled from the
unseen ones; `dealer` deals the rest from seeded shuffles.

- `fork`: a fast copy of a game for rollouts (the same engine).
- `dealer`: deals from a seeded shuffle per deck, the same cards whatever the
  player chose (paired comparisons; the simulator deals with it too).
- `plans`: every end layout Player Actions can reach with the command points,
  each with the commands that reach it.
- `options`: the candidates of a decision (cards, withdrawals, plans).
- `ranking`: Monte Carlo evaluation by rollouts with common random numbers
  and sequential halving, 95 % intervals, processes for both cores.
- `reasons`: one line per option in players' words.
- `bot`: the search player and the plan-search player as simulator bots.
"""
