"""throne_pnp: print-and-play components and a King automa for *A Rusty Throne*.

The package is split by responsibility: `content` loads and validates the YAML
edition, `rules` is the pure game engine, `assistant` tracks a real game in a
save file, `render` draws the printable components, `sim` plays games headless,
and `cli` is the thin `throne` command line over all of them.
"""

__version__ = "0.1.0"
