"""The search player: ranks the player's choices by their chance of winning. It reads
only what the player knows: a `Game` holds no deck order (an information set already)."""
