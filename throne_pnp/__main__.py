"""Allow `python -m throne_pnp`, identical to the `throne` command."""

from throne_pnp.cli import main

main()
