"""The automa assistant: track a real game of A Rusty Throne in a save file.

Nothing here changes the rules: the engine in `throne_pnp.rules` decides, the assistant
records (save, lock, session), explains (explain, words) and asks (commands, play).
"""
