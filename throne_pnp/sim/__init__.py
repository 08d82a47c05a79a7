"""Balance analysis: bots, a headless game runner and exact battle odds."""
