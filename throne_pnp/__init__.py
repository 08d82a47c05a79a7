"""throne_pnp: print-and-play components and a King automa for *A Rusty Throne*.

`content` loads the YAML edition, `rules` is the pure engine, `narrator` words it,
`render` draws the printables, `players`/`search`/`sim` play, `assistant` tracks a
real game, and `cli` and `web` are the thin layers over them.
"""

__version__ = "0.1.0"
