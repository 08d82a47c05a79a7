"""The rules engine: pure, deterministic, no files, no terminal, no randomness. One module per
part of the rules (board, position, limits, king, battle, game and its cards, player actions
and needs); the words for all of it are `throne_pnp.narrator`'s.
"""
