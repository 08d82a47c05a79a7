"""Players of the player's side: the bots and the evaluation they share."""
