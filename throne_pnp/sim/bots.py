"""The players the simulator can put in the player's seat, by name.

Only names: `players` and `search` never import the simulator.
"""

from __future__ import annotations

from throne_pnp.errors import ThroneError
from throne_pnp.players.bots import Bot, GreedyBot, RandomBot

BOTS = ("greedy", "random", "planner", "search")


def make_bot(name: str, budget: int | None = None) -> Bot:
    """A bot by name (`budget`: the search bot's rollouts per decision, else
    its sweep default); ThroneError lists the names when unknown."""
    if name == "greedy":
        return GreedyBot()
    if name == "random":
        return RandomBot()
    if name == "planner":
        from throne_pnp.search.bot import PlannerBot

        return PlannerBot()
    if name == "search":
        from throne_pnp.search.bot import SearchBot

        return SearchBot(budget)
    raise ThroneError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}")
