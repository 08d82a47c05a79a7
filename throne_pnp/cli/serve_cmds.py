"""`throne serve`: checks that the `web` extra is installed, then runs the table page
(`web.server`) and prints its URL (with --lan, the token and a QR code)."""

from __future__ import annotations

from pathlib import Path

import click

from throne_pnp.cli.common import UserError, content_option, game_option
from throne_pnp.cli.common import load as load_content


@click.command()
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True,
              help="TCP port to listen on.")
@click.option("--lan", is_flag=True,
              help="Listen on the local network too, for a phone; prints a URL with a "
                   "secret token and its QR code.")
@click.option("--new-token", is_flag=True,
              help="Forget the kept token and anti-forgery secret of this save and make "
                   "new ones: open pages and phones must join again.")
@game_option
@content_option
def serve(port: int, lan: bool, new_token: bool, game_file: Path,
          content_dir: Path | None) -> None:
    """Serve the table page: play the tracked game from a phone or tablet.

    Loopback only unless --lan. The page and the CLI share the save (under
    its lock): a command given in one shows in the other at once. Stop with
    Ctrl+C. The token and the forms' secret are kept per save in your state
    folder, so a restarted server keeps every open page and phone working.

    \b
    Example:
      throne serve                 # then open http://127.0.0.1:8000/
      throne serve --lan           # scan the QR code with your phone
    """
    from throne_pnp import web

    absent = web.missing()
    if absent is not None:
        raise UserError(f"the table page needs the web extra ({absent} is not installed): "
                        f"{web.INSTALL}")
    from throne_pnp.web import server

    content = load_content(content_dir)
    game = game_file.resolve()
    app, listen, shown, access = server.build(game, content, lan, new_token)
    server.check_port(listen, port)
    url = server.join_url(access, shown, port)
    click.echo(f"The table page for {game} is at:")
    click.echo(f"  {url}")
    if lan:
        click.echo("Scan this with your phone (same Wi-Fi); anyone with the link can play:")
        # the colours are the drawing: keep them even when click would strip them
        click.echo(server.qr_text(url), color=True)
    else:
        click.echo("(this machine only; `throne serve --lan` for a phone)")
    click.echo("Stop with Ctrl+C.")
    server.run(app, listen, port)


COMMANDS = [serve]
